import { declareRoutes } from "../../openapi/route-declaration.ts";
import { syncBatchResultSchema, syncBatchSchema } from "../../../shared/submissions/sync-schemas.ts";

export const syncApi = declareRoutes("Sync", [
  {
    method: "post",
    path: "/api/sync",
    summary: "Send up to 100 records collected offline; each is answered on its own (exactly once by record id)",
    description:
      "Upload each record's photos first (PUT /api/attachments/{sha256}) and put the attachment ids in its answers. " +
      "A malformed record is rejected alone; the others of the batch are still stored. Records the request had no " +
      "time left to evaluate have no result: they are listed in `deferred`, to send again after `retryAfterSeconds`.",
    body: syncBatchSchema,
    response: syncBatchResultSchema,
  },
]);
