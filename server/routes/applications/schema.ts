import { z } from "zod";
import { applicationFormSchema } from "../../../shared/fields/field-config.ts";

export const IMAGE_URL_MAX = 2048;
export const MEMBERS_MAX = 200;

/** An absolute http(s) URL or a path on this server (uploaded images); anything else (javascript:, data:) is refused. */
const imageUrlSchema = z
  .string()
  .trim()
  .max(IMAGE_URL_MAX)
  .refine((value) => value === "" || value.startsWith("/") || /^https?:\/\/[^\s]+$/i.test(value), { error: "invalidImageUrl" })
  .nullish();

const memberGrantSchema = z.object({
  teamMemberId: z.uuid(),
  role: z.enum(["admin_invited", "collaborator"]).default("collaborator"),
});

/** PUT /api/applications/:id — the designer's form; members are managed by the team routes afterwards. */
export const updateApplicationSchema = applicationFormSchema.extend({ imageUrl: imageUrlSchema });

/** POST /api/applications — as the edit form, plus the team members picked when the visibility is 'specific'. */
export const createApplicationSchema = updateApplicationSchema.extend({
  members: z
    .array(memberGrantSchema)
    .max(MEMBERS_MAX)
    .refine((members) => new Set(members.map((member) => member.teamMemberId)).size === members.length, { error: "duplicateMember" })
    .optional(),
});
