import { createHash, createHmac } from "node:crypto";

/**
 * The day's salt: derived from the server secret and the UTC date, so every API process agrees on it without
 * storing it, and yesterday's visitor ids cannot be linked to today's.
 */
function dailySalt(secret: string, day: string): string {
  return createHmac("sha256", secret).update(`campo:analytics:${day}`).digest("hex");
}

/**
 * Identifies a visitor for one day only. The address is hash input and nothing more: neither it nor anything
 * reversible to it is stored.
 */
export function visitorId(
  secret: string,
  now: Date,
  parts: { userAgent: string; language: string; ip: string },
): string {
  const day = now.toISOString().slice(0, 10);
  return createHash("sha256")
    .update([dailySalt(secret, day), parts.userAgent, parts.language, parts.ip].join("\n"))
    .digest("hex")
    .slice(0, 32);
}

export type Device = "mobile" | "tablet" | "desktop";

export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|IEMobile|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The first language of Accept-Language as a BCP 47 tag ("pt-BR"), or null when absent or not a tag. */
export function languageOf(acceptLanguage: string | undefined): string | null {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim() ?? "";
  const match = /^([a-z]{2,3})(?:-([a-z0-9]{2,8}))?$/i.exec(first);
  if (!match) return null;
  return match[2] ? `${match[1]!.toLowerCase()}-${match[2].toUpperCase()}` : match[1]!.toLowerCase();
}
