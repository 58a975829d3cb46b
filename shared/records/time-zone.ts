import { z } from "zod";

/** Whether this runtime knows `zone` as an IANA time zone (a browser's, sent by the web). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone the server knows (the reader's, for counting records per local day); UTC when absent. */
export const timeZoneSchema = z.string().max(64).refine(isTimeZone, "Unknown time zone").default("UTC");
