import { declareRoutes } from "../../openapi/route-declaration.ts";

export const syncApi = declareRoutes("Sync", [{ method: "post", path: "/api/sync", summary: "Create or run sync" }]);
