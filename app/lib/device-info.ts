/**
 * SurveyCTO's `device-info()`: a text naming the device and browser that collected, the browser's own description
 * of itself (the closest a web app gets to a phone's make, model and system). Capped well under an answer's limit.
 */
export function deviceInfo(): string {
  return typeof navigator === "undefined" ? "" : navigator.userAgent.slice(0, 500);
}
