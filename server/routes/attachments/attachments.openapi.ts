import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import { uploadedAttachmentSchema } from "../../../shared/submissions/sync-schemas.ts";

export const attachmentsApi = declareRoutes("Attachments", [
  {
    method: "put",
    path: "/api/attachments/:sha256",
    summary: "Upload a photo, signature, recording or file by its SHA-256 (the body is the file's bytes)",
    description:
      "201 when stored, 200 when the uploader already sent these bytes (same attachment). `applicationId` names " +
      "the application whose owner's storage the upload counts against. The type is read from the bytes. With " +
      "`fieldId` naming an audio, video or file question, that question's size cap and types apply (413 " +
      "FILE_TOO_LARGE, 415 INVALID_FILE_TYPE, the field error in `details.fieldError`; `name` is the file's own " +
      "name, checked against a file question's accepted extensions); without it only images are taken.",
    query: z.object({
      applicationId: z.uuid().optional(),
      fieldId: z.uuid().optional(),
      name: z.string().max(255).optional(),
    }),
    response: uploadedAttachmentSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/attachments/:id",
    summary: "Download a photo, signature, recording or file of a record the caller may read",
    description:
      "Images, audio and video are served inline; any other file as a download (`application/octet-stream`, " +
      "`Content-Disposition: attachment`, `nosniff`).",
    media: ["image/*", "audio/*", "video/*", "application/octet-stream"],
  },
]);
