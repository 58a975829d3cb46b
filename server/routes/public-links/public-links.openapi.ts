import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import { formFilesSchema, formTableDataSchema } from "../../../shared/form-files/form-files.ts";
import { syncBatchResultSchema, uploadedAttachmentSchema } from "../../../shared/submissions/sync-schemas.ts";
import {
  publicLinkInputSchema,
  publicLinkRecordsQuerySchema,
  publicLinkUpdateSchema,
  publicSyncBatchSchema,
} from "../../../shared/public-links/public-link-dtos.ts";
import {
  proofChallengeSchema,
  publicFormSchema,
  publicLinkListSchema,
  publicLinkRecordPageSchema,
  publicLinkResponseSchema,
} from "../../../shared/public-links/public-link-response-schemas.ts";

const ADMINS = "Application administrators with a session (not an API token).";
const VISITORS =
  "No session: the link's token is the credential. Rate limited per address (429 with Retry-After); a revoked link " +
  "answers 404 PUBLIC_LINK_NOT_FOUND.";

export const publicLinksApi = declareRoutes("Public links", [
  {
    method: "get",
    path: "/api/applications/:id/public-links",
    summary: "List the application's public links with their state and record counts",
    description: ADMINS,
    response: publicLinkListSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/public-links",
    summary: "Create a public link (name, optional end date, optional cap, one record per device)",
    description: ADMINS,
    body: publicLinkInputSchema,
    response: publicLinkResponseSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/applications/:id/public-links/:linkId",
    summary: "Change a link's settings, or pause and resume it",
    description: `${ADMINS} A revoked link answers 410 PUBLIC_LINK_CLOSED.`,
    body: publicLinkUpdateSchema,
    response: publicLinkResponseSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/public-links/:linkId/revoke",
    summary: "Revoke a link at once and for good",
    description: ADMINS,
    response: publicLinkResponseSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/public-links/:linkId/records",
    summary: "The records sent through a link, newest first, paged",
    description: ADMINS,
    query: publicLinkRecordsQuerySchema,
    response: publicLinkRecordPageSchema,
  },
  {
    method: "get",
    path: "/api/public/links/:token",
    summary: "The link's form (current version) and state, for a visitor",
    description: VISITORS,
    response: publicFormSchema,
    public: true,
  },
  {
    method: "get",
    path: "/api/public/links/:token/challenge",
    summary: "A proof-of-work challenge to solve before sending records",
    description: `${VISITORS} Find a nonce whose SHA-256 of \`challenge.nonce\` starts with \`difficulty\` zero bits.`,
    response: proofChallengeSchema,
    public: true,
  },
  {
    method: "post",
    path: "/api/public/links/:token/sync",
    summary: "Send up to 10 records through a public link; each is answered on its own (exactly once by record id)",
    description:
      `${VISITORS} Header \`x-campo-proof: <challenge>.<nonce>\` (428 PROOF_OF_WORK_REQUIRED without a valid one). ` +
      "A paused link answers 423 PUBLIC_LINK_PAUSED and an expired one 410 PUBLIC_LINK_CLOSED: keep the records " +
      "and send them later. Past the link's cap a record is `blocked` (`link_full`); a second record from a " +
      "one-record device is `rejected` (`already_answered`).",
    body: publicSyncBatchSchema,
    response: syncBatchResultSchema,
    public: true,
  },
  {
    method: "get",
    path: "/api/public/links/:token/form-files",
    summary: "The files attached to the link's current form (choice lists, pulldata tables, choice images)",
    description: `${VISITORS} File downloads have their own, wider per-address budget.`,
    response: formFilesSchema,
    public: true,
  },
  {
    method: "get",
    path: "/api/public/links/:token/form-files/:fileId",
    summary: "Download a file of the link's current form",
    description: VISITORS,
    media: ["text/csv", "application/geo+json", "image/*"],
    public: true,
  },
  {
    method: "get",
    path: "/api/public/links/:token/form-files/:fileId/table",
    summary: "A CSV's or GeoJSON's rows of the link's current form, as the form reads them",
    description: VISITORS,
    response: formTableDataSchema,
    public: true,
  },
  {
    method: "put",
    path: "/api/public/links/:token/attachments/:sha256",
    summary: "Upload a visitor's photo, signature, recording or file by its SHA-256 (the body is the file's bytes)",
    description:
      `${VISITORS} Header \`x-campo-proof\` as for records (428 without it); uploads have their own per-link rate. ` +
      "201 when stored, 200 when these bytes already came through this link. The upload belongs to the link: only " +
      "records sent through it may use it, and it counts against the owner's storage (402 STORAGE_LIMIT_REACHED). " +
      "`fieldId` names the question whose size cap and types apply (413 FILE_TOO_LARGE, 415 INVALID_FILE_TYPE); " +
      "without it only images are taken. A paused or closed link refuses uploads as it refuses records.",
    query: z.object({ fieldId: z.uuid().optional(), name: z.string().max(255).optional() }),
    response: uploadedAttachmentSchema,
    status: 201,
    public: true,
  },
]);
