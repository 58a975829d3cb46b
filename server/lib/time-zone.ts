import { z } from "zod";

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone the server knows (the reader's, for counting records per local day); UTC when absent. */
export const timeZoneSchema = z.string().max(64).refine(isTimeZone, "Unknown time zone").default("UTC");
