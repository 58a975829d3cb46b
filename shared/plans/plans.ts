/** Plan tiers as stored in subscriptions.subscription_tier and user_limits; labels live in the web's catalog. */
export const PLAN_TIERS = ["free", "basico", "premium", "avancado", "custom"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** `null` means unlimited. Records are counted across all of the owner's applications and shared by their members. */
export interface PlanLimits {
  maxSubmissions: number | null;
  maxApplications: number | null;
  maxTeamMembers: number | null;
  storageLimitGb: number | null;
}

export type SupportLevel = "community" | "email" | "priority" | "dedicated";

export interface Plan {
  tier: PlanTier;
  /** BRL cents; null when the price is agreed on consultation. */
  monthlyPriceCents: number | null;
  yearlyPriceCents: number | null;
  limits: PlanLimits;
  support: SupportLevel;
}

/** Yearly billing gives one month free. */
export const YEARLY_MONTHS_CHARGED = 11;

export function yearlyPrice(monthlyPriceCents: number): number {
  return monthlyPriceCents * YEARLY_MONTHS_CHARGED;
}

function plan(tier: PlanTier, monthlyPriceCents: number | null, limits: PlanLimits, support: SupportLevel): Plan {
  const yearlyPriceCents = monthlyPriceCents === null ? null : yearlyPrice(monthlyPriceCents);
  return { tier, monthlyPriceCents, yearlyPriceCents, limits, support };
}

const UNLIMITED: PlanLimits = {
  maxSubmissions: null,
  maxApplications: null,
  maxTeamMembers: null,
  storageLimitGb: null,
};

export const PLANS: Readonly<Record<PlanTier, Plan>> = {
  free: plan("free", 0, { maxSubmissions: 10, maxApplications: 3, maxTeamMembers: 3, storageLimitGb: 1 }, "community"),
  basico: plan(
    "basico",
    9900,
    { maxSubmissions: null, maxApplications: 3, maxTeamMembers: 3, storageLimitGb: 1 },
    "email",
  ),
  premium: plan(
    "premium",
    19900,
    { maxSubmissions: null, maxApplications: 10, maxTeamMembers: 10, storageLimitGb: 5 },
    "priority",
  ),
  avancado: plan(
    "avancado",
    39900,
    { maxSubmissions: null, maxApplications: 20, maxTeamMembers: 20, storageLimitGb: 15 },
    "dedicated",
  ),
  custom: plan("custom", null, UNLIMITED, "dedicated"),
};

/** The tier the record-limit banner and the checkout offer as the upgrade. */
export const UPGRADE_TIER: PlanTier = "basico";

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === "string" && (PLAN_TIERS as readonly string[]).includes(value);
}

/** A user_limits row: a number replaces the plan's limit; null or absent leaves the plan's. */
export type LimitOverrides = { [K in keyof PlanLimits]?: number | null };

export interface LimitsContext {
  isSuperAdmin: boolean;
  overrides?: LimitOverrides;
}

/** Limits that apply to an owner; a super admin is never limited. */
export function limitsFor(tier: PlanTier, { isSuperAdmin, overrides = {} }: LimitsContext): PlanLimits {
  if (isSuperAdmin) return UNLIMITED;
  const plan = PLANS[tier].limits;
  return {
    maxSubmissions: overrides.maxSubmissions ?? plan.maxSubmissions,
    maxApplications: overrides.maxApplications ?? plan.maxApplications,
    maxTeamMembers: overrides.maxTeamMembers ?? plan.maxTeamMembers,
    storageLimitGb: overrides.storageLimitGb ?? plan.storageLimitGb,
  };
}

export const NEAR_LIMIT_RATIO = 0.8;

/** True from 80 % of the limit on (reached included); never for unlimited. */
export function isNearLimit(used: number, limit: number | null): boolean {
  return limit !== null && used >= limit * NEAR_LIMIT_RATIO;
}

export function hasReachedLimit(used: number, limit: number | null): boolean {
  return limit !== null && used >= limit;
}

export interface PlanUsage {
  submissions: number;
  applications: number;
  teamMembers: number;
  storageUsedGb: number;
}

/** Storage limits are in GB of 1024³ bytes; usage is counted in bytes. */
export const BYTES_PER_GB = 1024 ** 3;

/** What an owner uses, in the units the limits are checked in (storage in bytes). */
export interface ResourceUsage {
  submissions: number;
  applications: number;
  teamMembers: number;
  storageBytes: number;
}

/** One limit the usage exceeds: by how much, in the resource's unit (bytes for storage). */
export interface Overage {
  resource: keyof ResourceUsage;
  used: number;
  limit: number;
  over: number;
}

const RESOURCE_LIMITS = [
  ["submissions", "maxSubmissions", 1],
  ["applications", "maxApplications", 1],
  ["teamMembers", "maxTeamMembers", 1],
  ["storageBytes", "storageLimitGb", BYTES_PER_GB],
] as const satisfies readonly (readonly [keyof ResourceUsage, keyof PlanLimits, number])[];

/** Each limit of the target plan the usage exceeds, with the amounts; a downgrade is blocked while this is non-empty. */
export function limitOverages(usage: ResourceUsage, limits: PlanLimits): Overage[] {
  return RESOURCE_LIMITS.flatMap(([resource, limitKey, unit]): Overage[] => {
    const planLimit = limits[limitKey];
    if (planLimit === null) return [];
    const limit = planLimit * unit;
    const used = usage[resource];
    return used > limit ? [{ resource, used, limit, over: used - limit }] : [];
  });
}

/** What the usage exceeds on the target plan, by name (storage as storageUsedGb). */
export function limitsExceeded(usage: PlanUsage, limits: PlanLimits): (keyof PlanUsage)[] {
  const { storageUsedGb, ...counts } = usage;
  return limitOverages({ ...counts, storageBytes: storageUsedGb * BYTES_PER_GB }, limits).map(({ resource }) =>
    resource === "storageBytes" ? "storageUsedGb" : resource,
  );
}
