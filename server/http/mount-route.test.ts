import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { SessionUser } from "../auth/session.ts";
import { handleError } from "../middleware/error-handler.ts";
import { mountRoute } from "./mount-route.ts";
import { defineRoute } from "../../shared/api/route-contract.ts";

const contract = defineRoute({
  operationId: "renameThing",
  method: "put",
  path: "/api/things/:thingId",
  tag: "Test",
  summary: "Rename a thing",
  policy: "superAdmin",
  token: false,
  query: z.object({ dryRun: z.enum(["yes", "no"]).optional() }),
  body: z.object({ name: z.string().min(1) }),
  response: z.object({ id: z.string(), name: z.string() }),
  errors: [],
});

function userOf(kind: string | undefined): SessionUser | undefined {
  if (!kind) return undefined;
  return {
    id: "u1",
    email: "u1@example.com",
    name: "U",
    isSuperAdmin: kind !== "member",
    apiToken: kind === "token" ? { id: "t1", scopes: [] } : null,
  };
}

/** A contract's route behind a stand-in session: `x-as` says who calls (none, member, admin, token). */
function appWith(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", async (c, next) => {
    c.set("user", userOf(c.req.header("x-as")) ?? null);
    await next();
  });
  mountRoute(app, {} as Db, contract, (c, { params, body, query }) =>
    c.json({ id: params.thingId, name: query.dryRun === "yes" ? `(${body.name})` : body.name }),
  );
  return app;
}

const put = (as: string | undefined, body: string, search = "") =>
  appWith().request(`/api/things/t-7${search}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...(as ? { "x-as": as } : {}) },
    body,
  });

describe("mountRoute", () => {
  it("hands the handler the validated parts of a permitted request", async () => {
    const response = await put("admin", JSON.stringify({ name: "Poço" }), "?dryRun=yes");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "t-7", name: "(Poço)" });
  });

  it("authenticates, then admits tokens as the contract says, then authorizes, all before reading the body", async () => {
    const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
    expect(await codeOf(await put(undefined, "not json"))).toBe("UNAUTHENTICATED");
    expect(await codeOf(await put("token", "not json"))).toBe("API_TOKEN_NOT_ALLOWED");
    expect(await codeOf(await put("member", "not json"))).toBe("FORBIDDEN");
    expect(await codeOf(await put("admin", "not json"))).toBe("MALFORMED_JSON");
    expect(await codeOf(await put("admin", JSON.stringify({ name: "" })))).toBe("VALIDATION_FAILED");
  });

  it("validates the query before anything runs", async () => {
    const response = await put("admin", JSON.stringify({ name: "Poço" }), "?dryRun=maybe");
    expect(response.status).toBe(400);
  });
});
