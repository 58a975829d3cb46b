import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { MAX_ANSWERS_BYTES } from "../../fields/answer-validation.ts";
import { MAX_UPLOAD_BYTES } from "../../fields/media-rules.ts";
import { formFilesSchema, formTableDataSchema } from "../../form-files/form-files.ts";
import { syncBatchResultSchema, uploadedAttachmentSchema } from "../../submissions/sync-schemas.ts";
import {
  PUBLIC_SYNC_BATCH_MAX,
  publicLinkInputSchema,
  publicLinkRecordsQuerySchema,
  publicLinkUpdateSchema,
  publicSyncEnvelopeSchema,
} from "../../public-links/public-link-dtos.ts";
import {
  proofChallengeSchema,
  publicFormSchema,
  publicLinkListSchema,
  publicLinkRecordPageSchema,
  publicLinkResponseSchema,
} from "../../public-links/public-link-response-schemas.ts";
import { APPLICATION_ADMINS as ADMINS } from "./audiences.ts";

const TAG = "Public links";
const VISITORS =
  "No session: the link's token is the credential. Rate limited per address (429 with Retry-After); a revoked link " +
  "answers 404 PUBLIC_LINK_NOT_FOUND.";
const BASE = "/api/applications/:id/public-links";
const LINK = `${BASE}/:linkId` as const;
const VISITOR = "/api/public/links/:token";

/** A full visitor batch at the largest answers size. */
export const PUBLIC_SYNC_MAX_BODY_BYTES = PUBLIC_SYNC_BATCH_MAX * (MAX_ANSWERS_BYTES + 4096);

/** What every visitor route may answer: the address's rate limit, a token that opens no live link. */
const VISITOR_ERRORS = ["RATE_LIMITED", "PUBLIC_LINK_NOT_FOUND"] as const;
/** What a route that takes data through a link adds: a closed or paused link, the link's rate, the proof of work. */
const LINK_WRITE_ERRORS = [
  ...VISITOR_ERRORS,
  "PUBLIC_LINK_CLOSED",
  "PUBLIC_LINK_PAUSED",
  "PROOF_OF_WORK_REQUIRED",
] as const;

export const listPublicLinks = defineRoute({
  operationId: "listPublicLinks",
  method: "get",
  path: BASE,
  tag: TAG,
  summary: "List the application's public links with their state and record counts",
  description: ADMINS,
  policy: "application.publicLinks",
  token: false,
  response: publicLinkListSchema,
  errors: [],
});

export const createPublicLink = defineRoute({
  operationId: "createPublicLink",
  method: "post",
  path: BASE,
  tag: TAG,
  summary: "Create a public link (name, optional end date, optional cap, one record per device)",
  description: ADMINS,
  policy: "application.publicLinks",
  token: false,
  body: publicLinkInputSchema,
  response: publicLinkResponseSchema,
  status: 201,
  errors: [],
});

export const updatePublicLink = defineRoute({
  operationId: "updatePublicLink",
  method: "patch",
  path: LINK,
  tag: TAG,
  summary: "Change a link's settings, or pause and resume it",
  description: `${ADMINS} A revoked link answers 410 PUBLIC_LINK_CLOSED.`,
  policy: "application.publicLinks",
  token: false,
  body: publicLinkUpdateSchema,
  response: publicLinkResponseSchema,
  errors: ["NOT_FOUND", "PUBLIC_LINK_CLOSED"],
});

export const revokePublicLink = defineRoute({
  operationId: "revokePublicLink",
  method: "post",
  path: `${LINK}/revoke`,
  tag: TAG,
  summary: "Revoke a link at once and for good",
  description: ADMINS,
  policy: "application.publicLinks",
  token: false,
  response: publicLinkResponseSchema,
  errors: ["NOT_FOUND"],
});

export const listPublicLinkRecords = defineRoute({
  operationId: "listPublicLinkRecords",
  method: "get",
  path: `${LINK}/records`,
  tag: TAG,
  summary: "The records sent through a link, newest first, paged",
  description: ADMINS,
  policy: "application.publicLinks",
  token: false,
  query: publicLinkRecordsQuerySchema,
  response: publicLinkRecordPageSchema,
  errors: ["NOT_FOUND"],
});

export const getPublicForm = defineRoute({
  operationId: "getPublicForm",
  method: "get",
  path: VISITOR,
  tag: TAG,
  summary: "The link's form (current version) and state, for a visitor",
  description: VISITORS,
  policy: "public",
  token: false,
  response: publicFormSchema,
  errors: [...VISITOR_ERRORS],
});

export const getPublicLinkChallenge = defineRoute({
  operationId: "getPublicLinkChallenge",
  method: "get",
  path: `${VISITOR}/challenge`,
  tag: TAG,
  summary: "A proof-of-work challenge to solve before sending records",
  description: `${VISITORS} Find a nonce whose SHA-256 of \`challenge.nonce\` starts with \`difficulty\` zero bits.`,
  policy: "public",
  token: false,
  response: proofChallengeSchema,
  errors: [...VISITOR_ERRORS],
});

export const syncThroughPublicLink = defineRoute({
  operationId: "syncThroughPublicLink",
  method: "post",
  path: `${VISITOR}/sync`,
  tag: TAG,
  summary: "Send up to 10 records through a public link; each is answered on its own (exactly once by record id)",
  description:
    `${VISITORS} Header \`x-campo-proof: <challenge>.<nonce>\` (428 PROOF_OF_WORK_REQUIRED without a valid one). ` +
    "Each record is one of POST /api/sync's records, checked on its own. " +
    "A paused link answers 423 PUBLIC_LINK_PAUSED and an expired one 410 PUBLIC_LINK_CLOSED: keep the records " +
    "and send them later. Past the link's cap a record is `blocked` (`link_full`); a second record from a " +
    "one-record device is `rejected` (`already_answered`).",
  policy: "public",
  token: false,
  body: publicSyncEnvelopeSchema,
  itemsCheckedApart: true,
  bodyCap: { maxBytes: PUBLIC_SYNC_MAX_BODY_BYTES },
  response: syncBatchResultSchema,
  errors: [...LINK_WRITE_ERRORS],
});

export const listPublicFormFiles = defineRoute({
  operationId: "listPublicFormFiles",
  method: "get",
  path: `${VISITOR}/form-files`,
  tag: TAG,
  summary: "The files attached to the link's current form (choice lists, pulldata tables, choice images)",
  description: `${VISITORS} File downloads have their own, wider per-address budget.`,
  policy: "public",
  token: false,
  response: formFilesSchema,
  errors: [...VISITOR_ERRORS],
});

export const getPublicFormFile = defineRoute({
  operationId: "getPublicFormFile",
  method: "get",
  path: `${VISITOR}/form-files/:fileId`,
  tag: TAG,
  summary: "Download a file of the link's current form",
  description: VISITORS,
  policy: "public",
  token: false,
  media: ["text/csv", "application/geo+json", "image/*"],
  errors: [...VISITOR_ERRORS, "NOT_FOUND"],
});

export const getPublicFormTable = defineRoute({
  operationId: "getPublicFormTable",
  method: "get",
  path: `${VISITOR}/form-files/:fileId/table`,
  tag: TAG,
  summary: "A CSV's or GeoJSON's rows of the link's current form, as the form reads them",
  description: VISITORS,
  policy: "public",
  token: false,
  response: formTableDataSchema,
  errors: [...VISITOR_ERRORS, "NOT_FOUND"],
});

export const uploadPublicLinkAttachment = defineRoute({
  operationId: "uploadPublicLinkAttachment",
  method: "put",
  path: `${VISITOR}/attachments/:sha256`,
  tag: TAG,
  summary: "Upload a visitor's photo, signature, recording or file by its SHA-256 (the body is the file's bytes)",
  description:
    `${VISITORS} Header \`x-campo-proof\` as for records (428 without it); uploads have their own per-link rate. ` +
    "201 when stored, 200 when these bytes already came through this link. The upload belongs to the link: only " +
    "records sent through it may use it, and it counts against the owner's storage (402 STORAGE_LIMIT_REACHED). " +
    "`fieldId` names the question whose size cap and types apply (413 FILE_TOO_LARGE, 415 INVALID_FILE_TYPE); " +
    "without it only images are taken. A paused or closed link refuses uploads as it refuses records.",
  policy: "public",
  token: false,
  query: z.object({ fieldId: z.uuid().optional(), name: z.string().max(255).optional() }),
  // Any type: the bytes are checked against the question's accepted types, not the header.
  bodyMedia: ["*/*"],
  bodyCap: { maxBytes: MAX_UPLOAD_BYTES, code: "FILE_TOO_LARGE" },
  response: uploadedAttachmentSchema,
  status: 201,
  errors: [...LINK_WRITE_ERRORS, "VALIDATION_FAILED", "STORAGE_LIMIT_REACHED", "INVALID_FILE_TYPE"],
});

export const publicLinkContracts = [
  listPublicLinks,
  createPublicLink,
  updatePublicLink,
  revokePublicLink,
  listPublicLinkRecords,
  getPublicForm,
  getPublicLinkChallenge,
  syncThroughPublicLink,
  listPublicFormFiles,
  getPublicFormFile,
  getPublicFormTable,
  uploadPublicLinkAttachment,
];
