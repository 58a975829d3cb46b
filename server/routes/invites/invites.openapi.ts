import { declareRoutes } from "../../openapi/route-declaration.ts";

export const invitesApi = declareRoutes("Invites", [
  { method: "get", path: "/api/invites/validate", summary: "Read invites validate", public: true },
  { method: "post", path: "/api/invites/sign-up", summary: "Create or run invites sign up", public: true },
  { method: "post", path: "/api/invites/accept", summary: "Create or run invites accept" },
]);
