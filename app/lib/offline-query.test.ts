import { describe, expect, it } from "vitest";
import { ApiClientError, NetworkError } from "./api-client.ts";
import { isUnavailableOffline } from "./offline-query.ts";

const base = { data: undefined, isPending: false, isError: false, error: null, fetchStatus: "idle" } as const;

describe("isUnavailableOffline", () => {
  it("is true for a read waiting, paused, for the connection with nothing to show", () => {
    expect(isUnavailableOffline({ ...base, isPending: true, fetchStatus: "paused" })).toBe(true);
  });

  it("is true for a read that found no server and has nothing to show", () => {
    expect(isUnavailableOffline({ ...base, isError: true, error: new NetworkError(new TypeError("x")) })).toBe(true);
  });

  it("is false while loading, for the server's own refusals, and whenever something is cached", () => {
    expect(isUnavailableOffline({ ...base, isPending: true, fetchStatus: "fetching" })).toBe(false);
    const refused = new ApiClientError(403, { code: "FORBIDDEN", message: "no" });
    expect(isUnavailableOffline({ ...base, isError: true, error: refused })).toBe(false);
    expect(isUnavailableOffline({ ...base, data: [], isError: true, error: new NetworkError(null) })).toBe(false);
    expect(isUnavailableOffline({ ...base, data: [], fetchStatus: "paused" })).toBe(false);
  });
});
