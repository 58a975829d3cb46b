import type { BodyCap, BodyCapRule } from "../middleware/body-cap.ts";
import { MAX_JSON_BYTES } from "../lib/validation.ts";
import { MAX_UPLOAD_BYTES } from "../../shared/fields/media-rules.ts";
import { MAX_WEBHOOK_BYTES } from "./billing/billing.ts";
import { MAX_BLOG_COVER_BODY_BYTES } from "./blog/blog-admin.ts";
import { SYNC_MAX_BODY_BYTES } from "./sync/sync.ts";
import { MAX_ANALYTICS_BODY_BYTES } from "./analytics/analytics.ts";
import { MAX_XLSFORM_BODY_BYTES } from "./xlsform/xlsform.ts";
import { MAX_FORM_FILE_BODY_BYTES } from "./form-files/form-files.ts";
import { MAX_TEAM_LAYER_BODY_BYTES } from "./team-layers/team-layers.ts";
import { MAX_FORM_BODY_BYTES } from "./applications/applications.ts";
import { PUBLIC_SYNC_MAX_BODY_BYTES } from "./public-links/public-form.ts";
import { routePattern } from "../openapi/route-declaration.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";

/** Routes not yet moved to contracts whose bodies may be larger (or must be smaller) than an ordinary JSON body. */
const LEGACY_BODY_CAP_RULES: readonly BodyCapRule[] = [
  { method: "POST", path: /^\/api\/sync$/, maxBytes: SYNC_MAX_BODY_BYTES },
  { method: "POST", path: /^\/api\/public\/links\/[^/]+\/sync$/, maxBytes: PUBLIC_SYNC_MAX_BODY_BYTES },
  { method: "PUT", path: /^\/api\/attachments\/[^/]+$/, maxBytes: MAX_UPLOAD_BYTES, code: "FILE_TOO_LARGE" },
  {
    method: "PUT",
    path: /^\/api\/public\/links\/[^/]+\/attachments\/[^/]+$/,
    maxBytes: MAX_UPLOAD_BYTES,
    code: "FILE_TOO_LARGE",
  },
  { method: "POST", path: /^\/api\/applications$/, maxBytes: MAX_FORM_BODY_BYTES },
  { method: "PUT", path: /^\/api\/applications\/[^/]+$/, maxBytes: MAX_FORM_BODY_BYTES },
  {
    method: "POST",
    path: /^\/api\/applications\/[^/]+\/form-files$/,
    maxBytes: MAX_FORM_FILE_BODY_BYTES,
    code: "FORM_FILE_TOO_LARGE",
  },
  {
    method: "POST",
    path: /^\/api\/applications\/[^/]+\/team-layers$/,
    maxBytes: MAX_TEAM_LAYER_BODY_BYTES,
    code: "TEAM_LAYER_TOO_LARGE",
  },
  { method: "POST", path: /^\/api\/billing\/webhook$/, maxBytes: MAX_WEBHOOK_BYTES },
  { method: "POST", path: /^\/api\/analytics$/, maxBytes: MAX_ANALYTICS_BODY_BYTES },
  {
    method: "POST",
    path: /^\/api\/applications\/import\/xlsform$/,
    maxBytes: MAX_XLSFORM_BODY_BYTES,
    code: "FILE_TOO_LARGE",
  },
  {
    method: "PUT",
    path: /^\/api\/blog-admin\/posts\/[^/]+\/cover$/,
    maxBytes: MAX_BLOG_COVER_BODY_BYTES,
    code: "FILE_TOO_LARGE",
  },
  {
    method: "POST",
    path: /^\/api\/blog-admin\/posts\/[^/]+\/images$/,
    maxBytes: MAX_BLOG_COVER_BODY_BYTES,
    code: "FILE_TOO_LARGE",
  },
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
