/** The session cookie better-auth sets (cookie prefix "campo"; `__Secure-` on HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?campo\.session_token=/;

/**
 * Whether a request comes from a browser that holds a session (signed in, or a session since ended): what the
 * static pages are tailored to, before the app asks the server who it is.
 */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}
