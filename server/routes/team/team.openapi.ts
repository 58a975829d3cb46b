import { declareRoutes } from "../../openapi/route-declaration.ts";

export const teamApi = declareRoutes("Team", [
  { method: "get", path: "/api/team/members", summary: "Read team members" },
  { method: "patch", path: "/api/team/members/:memberId", summary: "Update team members" },
  {
    method: "post",
    path: "/api/team/members/:memberId/applications",
    summary: "Create or run team members applications",
  },
  {
    method: "patch",
    path: "/api/team/members/:memberId/applications/:applicationId",
    summary: "Update team members applications",
  },
  {
    method: "delete",
    path: "/api/team/members/:memberId/applications/:applicationId",
    summary: "Delete team members applications",
  },
  { method: "get", path: "/api/team/invites", summary: "Read team invites" },
  { method: "post", path: "/api/team/invites", summary: "Create or run team invites" },
  { method: "post", path: "/api/team/invites/:id/resend", summary: "Create or run team invites resend" },
]);
