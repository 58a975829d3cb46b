import { declareRoutes } from "../../openapi/route-declaration.ts";

export const supportApi = declareRoutes("Support", [
  { method: "post", path: "/api/support", summary: "Create or run support" },
  { method: "get", path: "/api/support/:id/image", summary: "Read support image", media: ["image/*"] },
]);
