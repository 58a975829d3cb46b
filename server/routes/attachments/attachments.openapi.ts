import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import { uploadedAttachmentSchema } from "../../../shared/submissions/sync-schemas.ts";

export const attachmentsApi = declareRoutes("Attachments", [
  {
    method: "put",
    path: "/api/attachments/:sha256",
    summary: "Upload a JPEG, PNG or WebP image by its SHA-256 (the body is the image's bytes)",
    description:
      "201 when stored, 200 when the uploader already sent these bytes (same attachment). `applicationId` names " +
      "the application whose owner's storage the upload counts against.",
    query: z.object({ applicationId: z.uuid().optional() }),
    response: uploadedAttachmentSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/attachments/:id",
    summary: "Download a photo, signature or file of a record the caller may read",
    media: ["image/*", "audio/*", "video/*", "application/octet-stream"],
  },
]);
