import type { BodyCap, BodyCapRule } from "../middleware/body-cap.ts";
import { MAX_JSON_BYTES } from "../lib/validation.ts";
import { routePattern } from "../openapi/route-paths.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";

/** Every other body under /api (JSON routes and better-auth's endpoints). */
export const DEFAULT_BODY_CAP: BodyCap = { maxBytes: MAX_JSON_BYTES };

/** The routes whose bodies may be larger (or must be smaller) than an ordinary JSON body: each contract's cap. */
export const BODY_CAP_RULES: readonly BodyCapRule[] = API_CONTRACTS.flatMap((contract) =>
  contract.bodyCap
    ? [{ method: contract.method.toUpperCase(), path: routePattern(contract.path), ...contract.bodyCap }]
    : [],
);
