/** Strings longer than this are masked in logs and telemetry (spec 000 §9): usually tokens, payloads or personal data. */
export const MAX_PLAIN_STRING = 200;

/** Keeps a short prefix (enough to recognise the value) and says how long the masked rest was. */
export function maskLongString(value: string): string {
  return value.length > MAX_PLAIN_STRING ? `${value.slice(0, 20)}…[${value.length} chars masked]` : value;
}
