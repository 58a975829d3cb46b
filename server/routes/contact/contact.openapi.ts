import { declareRoutes } from "../../openapi/route-declaration.ts";

export const contactApi = declareRoutes("Contact", [
  { method: "post", path: "/api/contact", summary: "Create or run contact", public: true },
]);
