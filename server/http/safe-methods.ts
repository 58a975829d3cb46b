/** Methods that only read (RFC 9110's safe methods as the API uses them): anything else may write. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}
