import { policyErrors } from "../http/route-policies.ts";
import type { ErrorCode } from "../../shared/errors.ts";
import type { RouteContract } from "../../shared/api/route-contract.ts";

/**
 * Every catalogue error a route may answer: its policy's, its validation's, its body's and cap's, the token rate
 * limit, then the route's own. What the reference lists under each route's 4xx answers.
 */
export function routeErrors(route: RouteContract): ErrorCode[] {
  const errors = new Set<ErrorCode>(policyErrors(route));
  if (route.params || route.query || route.body) errors.add("VALIDATION_FAILED");
  if (route.body) {
    errors.add("MALFORMED_JSON");
    errors.add("UNSUPPORTED_MEDIA_TYPE");
  }
  if (route.body || route.bodyMedia) errors.add(route.bodyCap?.code ?? "BODY_TOO_LARGE");
  if (route.token) errors.add("RATE_LIMITED");
  for (const code of route.errors) errors.add(code);
  return [...errors];
}
