/** Whether this runtime knows `zone` as an IANA time zone (a browser's, sent by the web). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
