/**
 * Metadata types of ODK and SurveyCTO that describe what a browser cannot know or Campo records otherwise: the SIM
 * and its subscriber and number, the instance and case ids (every Campo record has its id), the location at start
 * (Campo has no self-filled location), SurveyCTO's audio audit, sensor streams, speed violations and field comments.
 * Such a row is left out with an import notice (`metadataDropped`), as it holds nothing the collector answers.
 * The ones Campo has an equivalent for are imported (`start`, `deviceid`, `audit`, and SurveyCTO's `text_audit`
 * as the audit of time per question, xlsform-aliases.ts).
 */
const DROPPED_METADATA = new Set([
  "subscriberid",
  "simserial",
  "phonenumber",
  "start-geopoint",
  "instanceid",
  "caseid",
  "comments",
  "audio_audit",
  "sensor_statistic",
  "sensor_stream",
  "speed_violations_count",
  "speed_violations_list",
  "speed_violations_audit",
]);

/** Whether a (canonical, lower-case) type is such metadata. */
export function isDroppedMetadata(type: string): boolean {
  return DROPPED_METADATA.has(type);
}
