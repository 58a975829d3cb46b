export const SW_DISABLE_KEY = "SW_DISABLE";

/** Spec 001 §4 kill switch: `?no-sw=1` or the local flag SW_DISABLE=true. */
export function killSwitchRequested(search: string, storedFlag: string | null): boolean {
  return new URLSearchParams(search).get("no-sw") === "1" || storedFlag === "true";
}
