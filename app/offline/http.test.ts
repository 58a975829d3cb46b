import { afterEach, describe, expect, it, vi } from "vitest";
import { requestRoute } from "./http.ts";
import { getMe } from "../../shared/api/contracts/me.ts";
import { editSubmission } from "../../shared/api/contracts/submissions.ts";

interface Sent {
  path: string;
  method: string | undefined;
  headers: Headers;
  body: unknown;
}

function answering(response: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (path: string, init: RequestInit = {}) => {
    sent.push({ path, method: init.method, headers: new Headers(init.headers), body: init.body });
    return response();
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe("requestRoute", () => {
  it("sends the contract's method to its path, with the body as JSON, and answers the status and body", async () => {
    const sent = answering(() => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    const outcome = await requestRoute(
      editSubmission,
      { params: { id: "app-1", submissionId: "rec-1" }, body: { answers: { a: 1 } } },
      { timeoutMs: 1000, headers: { "x-extra": "yes" } },
    );
    expect(outcome).toEqual({ kind: "response", status: 201, body: { ok: true } });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.path).toBe("/api/applications/app-1/submissions/rec-1");
    expect(request?.method).toBe("PUT");
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.headers.get("accept")).toBe("application/json");
    expect(request?.headers.get("x-extra")).toBe("yes");
    expect(JSON.parse(String(request?.body))).toEqual({ answers: { a: 1 } });
  });

  it("sends no body to a route that takes none, and answers a failed request as no answer", async () => {
    const sent = answering(() => {
      throw new TypeError("Failed to fetch");
    });
    const outcome = await requestRoute(getMe, {}, { timeoutMs: 1000 });
    expect(outcome.kind).toBe("network");
    expect(sent[0]?.method).toBe("GET");
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers.has("content-type")).toBe(false);
  });
});
