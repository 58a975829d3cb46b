import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { MAX_UPLOAD_BYTES } from "../../fields/media-rules.ts";
import { uploadedAttachmentSchema } from "../../submissions/sync-schemas.ts";

const TAG = "Attachments";
/** One path for both methods (OpenAPI allows no two paths that differ only by a parameter's name). */
const PATH = "/api/attachments/:id";

export const uploadAttachment = defineRoute({
  operationId: "uploadAttachment",
  method: "put",
  path: PATH,
  tag: TAG,
  summary: "Upload a photo, signature, recording or file by its SHA-256 (the body is the file's bytes)",
  description:
    "`id` is the SHA-256 of the body in hex. 201 when stored, 200 when the uploader already sent these bytes (same " +
    "attachment). `applicationId` names the application whose owner's storage the upload counts against (a token " +
    "needs write access to it). The type is read from the bytes. With `fieldId` naming an audio, video or file " +
    "question, that question's size cap and types apply (413 FILE_TOO_LARGE, 415 INVALID_FILE_TYPE, the field error " +
    "in `details.fieldError`; `name` is the file's own name, checked against a file question's accepted " +
    "extensions); without it only images are taken.",
  policy: "signedIn",
  token: true,
  query: z.object({
    applicationId: z.string().optional().describe("The application's id (a UUID)"),
    fieldId: z.string().optional().describe("The question's id (a UUID)"),
    name: z.string().max(255).optional(),
  }),
  bodyMedia: ["application/octet-stream", "image/*", "audio/*", "video/*"],
  bodyCap: { maxBytes: MAX_UPLOAD_BYTES, code: "FILE_TOO_LARGE" },
  response: uploadedAttachmentSchema,
  status: 201,
  errors: ["NOT_FOUND", "FORBIDDEN", "FILE_TOO_LARGE", "INVALID_FILE_TYPE", "STORAGE_LIMIT_REACHED"],
});

export const downloadAttachment = defineRoute({
  operationId: "downloadAttachment",
  method: "get",
  path: PATH,
  tag: TAG,
  summary: "Download a photo, signature, recording or file of a record the caller may read",
  description:
    "Its uploader, or whoever may read a record that uses it (404 otherwise). Images, audio and video are served " +
    "inline; any other file as a download (`application/octet-stream`, `Content-Disposition: attachment`, `nosniff`).",
  policy: "signedIn",
  token: true,
  media: ["image/*", "audio/*", "video/*", "application/octet-stream"],
  errors: ["NOT_FOUND"],
});

export const attachmentContracts = [uploadAttachment, downloadAttachment];
