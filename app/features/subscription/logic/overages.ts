import { z } from "zod";
import type { LimitOverage } from "../../../../shared/billing/billing-dtos.ts";

const overageSchema = z.object({
  resource: z.enum(["submissions", "applications", "teamMembers", "storageBytes"]),
  used: z.number(),
  limit: z.number(),
  over: z.number(),
});
const overagesSchema = z.array(overageSchema);

/**
 * The limits a refused downgrade would exceed, from a DOWNGRADE_BLOCKED error's `details`: the list itself or an
 * object holding it (`{ overages: [...] }`). Anything else gives an empty list (the message alone is shown).
 */
export function parseOverages(details: unknown): LimitOverage[] {
  const direct = overagesSchema.safeParse(details);
  if (direct.success) return direct.data;
  if (typeof details !== "object" || details === null) return [];
  for (const value of Object.values(details)) {
    const nested = overagesSchema.safeParse(value);
    if (nested.success && nested.data.length > 0) return nested.data;
  }
  return [];
}
