import { z } from "zod";
import { submissionLocationSchema } from "./sync-schemas.ts";

/** PUT /api/applications/:id/submissions/:submissionId — the edited answers; location absent = unchanged, null = cleared. */
export const submissionEditSchema = z.object({
  answers: z.record(z.string(), z.unknown()),
  location: submissionLocationSchema.nullable().optional(),
});
