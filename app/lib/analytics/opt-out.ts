/** Global Privacy Control or Do Not Track: the visitor asked not to be tracked, so nothing is sent at all. */
export function trackingAllowed(): boolean {
  if (typeof navigator === "undefined") return false;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  if (nav.globalPrivacyControl === true) return false;
  return ![nav.doNotTrack, nav.msDoNotTrack, win.doNotTrack].some((value) => value === "1" || value === "yes");
}
