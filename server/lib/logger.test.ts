import { afterEach, describe, expect, it, vi } from "vitest";
import { Hono } from "hono";
import { handleError } from "../middleware/error-handler.ts";
import { maskLongStrings } from "./logger.ts";

describe("logger", () => {
  afterEach(() => vi.restoreAllMocks());

  it("masks long strings (tokens, payloads) but never a stack trace", () => {
    const error = new Error("boom");
    const stack = `${error.stack}\n${"    at deep (file.ts:1:1)\n".repeat(20)}`;
    expect(stack.length).toBeGreaterThan(200);
    const masked = maskLongStrings({ token: "t".repeat(300), stack }) as Record<string, string>;
    expect(masked.token).toContain("chars masked");
    expect(masked.stack).toBe(stack);
  });

  it("writes a thrown error's full stack on its log line, and none in the response", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const error = new Error("kaput");
    error.stack = `Error: kaput\n${"    at somewhere (server/x.ts:10:5)\n".repeat(30)}`;
    const app = new Hono().onError(handleError).get("/boom", () => {
      throw error;
    });
    const response = await app.request("/boom");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("somewhere");
    const line = JSON.parse(lines.find((l) => l.includes("unhandled error")) ?? "{}") as { error?: { stack?: string } };
    expect(line.error?.stack).toBe(error.stack);
  });
});
