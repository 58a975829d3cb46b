import { z } from "zod";

/** GET /api/health: the engine and version only for super admins. */
export const healthResponseSchema = z.strictObject({
  status: z.enum(["ok", "degraded"]),
  database: z.strictObject({ reachable: z.boolean(), kind: z.string().optional() }),
  version: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
