import { declareRoutes } from "../../openapi/route-declaration.ts";

export const attachmentsApi = declareRoutes("Attachments", [
  { method: "put", path: "/api/attachments/:sha256", summary: "Replace attachments" },
  {
    method: "get",
    path: "/api/attachments/:id",
    summary: "Read attachments",
    media: ["image/*", "audio/*", "video/*", "application/octet-stream"],
  },
]);
