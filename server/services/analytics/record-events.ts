import type { AppContext } from "../../context.ts";
import { insertAnalyticsEvents, type NewAnalyticsEvent } from "../../db/queries/analytics.ts";
import type { AnalyticsBatch, AnalyticsEvent } from "../../../shared/analytics/events.ts";
import { pathnameOf, referrerHost, sanitizePath, sanitizeText } from "../../../shared/analytics/sanitize.ts";
import { deviceOf, languageOf, visitorId } from "./visitor.ts";

/** What the request says about who sent the batch; the address is only ever hash input. */
export interface BatchOrigin {
  userAgent: string;
  acceptLanguage: string | undefined;
  ip: string;
  userId: string | null;
}

function sanitizeProperties(event: AnalyticsEvent): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.properties ?? {})) {
    properties[key] = typeof value === "string" ? sanitizeText(value) : value;
  }
  if (event.title !== undefined) properties.title = sanitizeText(event.title);
  return properties;
}

/**
 * Stores a batch with nothing that identifies a person beyond the day: no address, no e-mail, tokens cut to six
 * characters, long strings masked. Events are dated when they arrive (a batch queued offline counts on the day it
 * is sent), so a finished day never gains events after it is rolled up.
 */
export async function recordAnalyticsBatch(
  context: AppContext,
  batch: AnalyticsBatch,
  origin: BatchOrigin,
): Promise<void> {
  const now = new Date();
  const language = languageOf(origin.acceptLanguage);
  const visitor = visitorId(context.config.authSecret, now, {
    userAgent: origin.userAgent,
    language: language ?? "",
    ip: origin.ip,
  });
  const ownHost = new URL(context.config.publicUrl).host;
  const device = deviceOf(origin.userAgent);
  const rows: NewAnalyticsEvent[] = batch.events.map((event) => {
    const location = sanitizePath(event.path);
    return {
      userId: origin.userId,
      name: event.name,
      properties: { ...sanitizeProperties(event), location },
      visitorId: visitor,
      path: pathnameOf(location),
      referrerHost: referrerHost(event.referrer, ownHost),
      language,
      device,
      metricValue: event.value ?? null,
      createdAt: now,
    };
  });
  await insertAnalyticsEvents(context.database.db, rows);
}
