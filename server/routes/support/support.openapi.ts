import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";

export const supportApi = declareRoutes("Support", [
  {
    method: "post",
    path: "/api/support",
    summary: "Send a support message (multipart: the contact form's fields and an optional image)",
    description: "Signed in or not; rate limited per client address. The super admins are e-mailed.",
    response: z.object({ id: z.uuid() }),
    status: 201,
    public: true,
  },
  {
    method: "get",
    path: "/api/support/:id/image",
    summary: "The image attached to a support message",
    description: "Super admins only.",
    media: ["image/*"],
  },
]);
