import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, isNetworkError } from "./api-client.ts";
import { callAuth } from "./better-auth.ts";
import { CONNECTIVITY_CHECK_TIMEOUT_MS } from "./connectivity-monitor.ts";
import { clearLocalSessionData, readStoredSession, storeSession } from "./session-storage.ts";
import { fetchMe, type Me } from "./me.ts";

export type SessionStatus = "loading" | "authenticated" | "anonymous";

interface SessionValue {
  status: SessionStatus;
  me: Me | null;
  /** True when the session comes from the local copy because the server could not be reached. */
  offline: boolean;
  /**
   * False while the copy stored on the device stands in for the server's first answer: what must not act on a session
   * the server may refuse (leaving /auth, accepting an invite) waits for it.
   */
  verified: boolean;
  refresh: () => Promise<unknown>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);
export const SESSION_QUERY_KEY = ["session"] as const;

/**
 * Who is signed in, as the server says (GET /api/me). Offline with a stored session the user stays signed in
 * (spec 000 §4), whatever stands in for the server (no network, a request that hangs, a gateway error, a page that
 * is not the API); the server saying no one is signed in (`{ user: null }`, or a 401) signs out locally.
 *
 * With a session stored on the device the app opens as that user at once, while the server is asked: an installed
 * phone's app opens from the service worker's cache without waiting a round trip on a slow network (up to the 5 s
 * check on one that hangs). The server still decides every call, and its answer signs out as above. Only a device with
 * no stored session shows the check's own screen.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async (): Promise<{ me: Me | null; offline: boolean }> => {
      const stored = readStoredSession();
      try {
        // With a copy on the device the check may be short: past it the app opens from the copy (spec 000 §4).
        const me = await fetchMe(stored ? CONNECTIVITY_CHECK_TIMEOUT_MS : undefined);
        if (me) storeSession(me);
        else clearLocalSessionData();
        return { me, offline: false };
      } catch (error) {
        // Only the server's own answer signs out; no answer, or a gateway's 5xx, is not one.
        if (isNetworkError(error) || (error instanceof ApiClientError && error.status >= 500)) {
          return { me: stored, offline: Boolean(stored) };
        }
        clearLocalSessionData();
        return { me: null, offline: false };
      }
    },
    placeholderData: () => {
      const stored = readStoredSession();
      return stored ? { me: stored, offline: false } : undefined;
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

  const signOut = useCallback(async () => {
    try {
      await callAuth("/sign-out");
    } catch {
      // Signing out locally must work even when the server cannot be reached (spec 000 §4).
    }
    clearLocalSessionData();
    // The session query itself stays in the cache: clear() would detach the mounted observer from the data set below.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.setQueryData(SESSION_QUERY_KEY, { me: null, offline: false });
  }, [queryClient]);

  const value = useMemo<SessionValue>(() => {
    const me = query.data?.me ?? null;
    return {
      status: query.isPending ? "loading" : me ? "authenticated" : "anonymous",
      me,
      offline: query.data?.offline ?? false,
      verified: !query.isPending && !query.isPlaceholderData,
      refresh: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      signOut,
    };
  }, [query.data, query.isPending, query.isPlaceholderData, queryClient, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
