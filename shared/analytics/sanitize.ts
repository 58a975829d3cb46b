import { maskLongString } from "../text/mask-long-string.ts";

/** Telemetry keeps this many characters of a token (spec 000 §7): enough to tell two apart, useless to replay. */
export const TOKEN_KEPT = 6;

/** Path segments whose next segment is a secret (an invite or reset link's token). */
const TOKEN_PARENTS = new Set(["invite", "invites", "accept-invite", "reset-password", "verify-email"]);
/** Query parameters that carry a token: kept, cut to six characters. */
const TOKEN_PARAMS = new Set(["token", "invite", "invite_token"]);
/** Query parameters that carry a credential or a person: never kept. */
const DROPPED_PARAMS = new Set([
  "email",
  "password",
  "code",
  "key",
  "secret",
  "state",
  "session_id",
  "access_token",
  "id_token",
  "refresh_token",
  "signature",
  "sig",
  "auth",
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A long opaque segment that is not one of our uuids is treated as a token wherever it appears. */
const OPAQUE = /^[A-Za-z0-9_-]{24,}$/;
const EMAIL = /[^\s@/?&=#]+@[^\s@/?&=#]+\.[^\s@/?&=#]+/;
const EMAILS = new RegExp(EMAIL.source, "g");

export function cutToken(token: string): string {
  return token.slice(0, TOKEN_KEPT);
}

/** Removes anything that looks like an e-mail address and masks what is left if it is over 200 characters. */
export function sanitizeText(value: string): string {
  return maskLongString(value.replace(EMAILS, "[email]"));
}

function sanitizeSegments(pathname: string): string {
  const segments = pathname.split("/");
  return segments
    .map((segment, index) => {
      const parent = index > 0 ? segments[index - 1] : undefined;
      if (
        (parent !== undefined && TOKEN_PARENTS.has(parent.toLowerCase())) ||
        (OPAQUE.test(segment) && !UUID.test(segment))
      )
        return cutToken(segment);
      return segment;
    })
    .join("/");
}

function sanitizeQuery(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    const key = name.toLowerCase();
    if (DROPPED_PARAMS.has(key) || EMAIL.test(value)) continue;
    kept.append(name, TOKEN_PARAMS.has(key) ? cutToken(value) : value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}

/** pathname + search with tokens cut to six characters, credentials and e-mails removed, long results masked. */
export function sanitizePath(path: string): string {
  const [pathname = "/", ...rest] = path.split("#")[0]!.split("?");
  const search = rest.join("?");
  return sanitizeText(sanitizeSegments(pathname) + (search ? sanitizeQuery(search) : ""));
}

/** Just the pathname, for grouping pages (the dashboards' top pages and vitals per route). */
export function pathnameOf(path: string): string {
  return path.split(/[?#]/)[0] || "/";
}

/** The referrer's host, or null when there is none, it is not a URL, or it is this site itself. */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).host.toLowerCase();
    return host && host !== ownHost.toLowerCase() ? host : null;
  } catch {
    return null;
  }
}
