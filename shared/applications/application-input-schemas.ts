import { z } from "zod";
import { applicationFormSchema, designedFieldsSchema } from "../fields/field-config.ts";

export const IMAGE_URL_MAX = 2048;
export const MEMBERS_MAX = 200;

/**
 * A path on this server (uploaded images) or nothing. The page's CSP shows no other site's images anyway, and
 * `//host/x.png` or `/\host/x.png` are other sites in disguise (browsers read both as protocol-relative).
 */
const imageUrlSchema = z
  .string()
  .trim()
  .max(IMAGE_URL_MAX)
  .refine((value) => value === "" || /^\/(?![/\\])\S*$/.test(value), { error: "invalidImageUrl" })
  .nullish();

const memberGrantSchema = z.object({
  teamMemberId: z.uuid(),
  role: z.enum(["admin_invited", "collaborator"]).default("collaborator"),
});

/**
 * PUT /api/applications/:id — the designer's form; members are managed by the team routes afterwards. The field
 * list is required: fields missing from it are removed, so leaving it out must never empty the form.
 */
export const updateApplicationSchema = applicationFormSchema.extend({
  imageUrl: imageUrlSchema,
  fields: designedFieldsSchema,
});

/** POST /api/applications — as the edit form (fields may be left out), plus the team members picked when the visibility is 'specific'. */
export const createApplicationSchema = applicationFormSchema.extend({
  imageUrl: imageUrlSchema,
  members: z
    .array(memberGrantSchema)
    .max(MEMBERS_MAX)
    .refine((members) => new Set(members.map((member) => member.teamMemberId)).size === members.length, {
      error: "duplicateMember",
    })
    .optional(),
});
