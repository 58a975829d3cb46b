import type { BodyCap, BodyCapRule } from "../middleware/body-cap.ts";
import { MAX_JSON_BYTES } from "../lib/validation.ts";
import { MAX_CONTACT_BODY_BYTES } from "./contact/contact.ts";
import { MAX_SUPPORT_BODY_BYTES } from "./support/support.ts";
import { routePattern } from "../openapi/route-declaration.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";

/** Routes not yet moved to contracts whose bodies may be larger (or must be smaller) than an ordinary JSON body. */
const LEGACY_BODY_CAP_RULES: readonly BodyCapRule[] = [
  { method: "POST", path: /^\/api\/support$/, maxBytes: MAX_SUPPORT_BODY_BYTES, code: "FILE_TOO_LARGE" },
  { method: "POST", path: /^\/api\/contact$/, maxBytes: MAX_CONTACT_BODY_BYTES },
];

/** Every other body under /api (JSON routes and better-auth's endpoints). */
export const DEFAULT_BODY_CAP: BodyCap = { maxBytes: MAX_JSON_BYTES };

/** The routes whose bodies may be larger (or must be smaller) than an ordinary JSON body: each contract's cap. */
export const BODY_CAP_RULES: readonly BodyCapRule[] = [
  ...API_CONTRACTS.flatMap((contract) =>
    contract.bodyCap
      ? [{ method: contract.method.toUpperCase(), path: routePattern(contract.path), ...contract.bodyCap }]
      : [],
  ),
  ...LEGACY_BODY_CAP_RULES,
];
