import { z } from "zod";
import { contactMessageSchema } from "../../../shared/contact/contact-schema.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";

export const contactApi = declareRoutes("Contact", [
  {
    method: "post",
    path: "/api/contact",
    summary: "Send a message to Campo's team (the public contact page)",
    description: "Rate limited per client address; the sender gets an acknowledgement e-mail.",
    body: contactMessageSchema,
    response: z.object({ id: z.uuid() }),
    status: 201,
    public: true,
  },
]);
