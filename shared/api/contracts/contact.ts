import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { contactMessageSchema, MAX_CONTACT_BODY_BYTES } from "../../contact/contact-schema.ts";

export const sendContactMessage = defineRoute({
  operationId: "sendContactMessage",
  method: "post",
  path: "/api/contact",
  tag: "Contact",
  summary: "Send a message to Campo's team (the public contact page)",
  description: "Rate limited per client address; the sender gets an acknowledgement e-mail.",
  policy: "public",
  token: true,
  body: contactMessageSchema,
  bodyCap: { maxBytes: MAX_CONTACT_BODY_BYTES },
  response: z.object({ id: z.uuid() }),
  status: 201,
  errors: ["RATE_LIMITED"],
});

export const contactContracts = [sendContactMessage];
