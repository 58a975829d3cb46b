import { z } from "zod";
import { isTimeZone } from "../../shared/records/time-zone.ts";

/** An IANA time zone the server knows (the reader's, for counting records per local day); UTC when absent. */
export const timeZoneSchema = z.string().max(64).refine(isTimeZone, "Unknown time zone").default("UTC");
