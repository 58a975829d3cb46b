import type { Me } from "./me.ts";

const SESSION_KEY = "campo_session";

export function storeSession(me: Me): void {
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(me));
  } catch {
    // Storage blocked: the user simply is not remembered offline.
  }
}

export function readStoredSession(): Me | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === "object" && "user" in parsed ? (parsed as Me) : null;
  } catch {
    return null;
  }
}

/**
 * Sign-out clears the stored session and session storage (spec 000 §4). Records waiting in the IndexedDB outbox are
 * kept: they belong to their user and sync at the next sign-in.
 */
export function clearLocalSessionData(): void {
  try {
    localStorage.removeItem(SESSION_KEY);
    sessionStorage.clear();
  } catch {
    // Nothing stored when storage is blocked.
  }
}
