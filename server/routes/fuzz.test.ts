/**
 * Walks every route of the app's own route table (`app.routes`) with hostile values — NUL, lone surrogates, huge
 * strings, days that do not exist, deep JSON, wrong types, malformed JSON — in path parameters, query strings and
 * bodies, anonymously and as an owner with real ids, and asserts the server never answers 5xx.
 */
import { randomUUID } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { HttpClient } from "../test-support/http-client.ts";
import { registration } from "../test-support/fixtures/account-fixtures.ts";
import {
  applicationForm,
  createApplicationVia,
  textField,
  TRUST_PROXY_ENV,
} from "../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../test-support/fixtures/sync-fixtures.ts";

const NUL = "a\u0000b";
const LONE_SURROGATE = "\ud800x";
const HUGE = "h".repeat(60_000);
const BAD_STRINGS = [NUL, LONE_SURROGATE, HUGE];

const PATH_VALUES = [
  "%00",
  "%ED%A0%80",
  "%E0%A4%A",
  encodeURIComponent(LONE_SURROGATE.slice(1)),
  "h".repeat(5000),
  "x'--",
  "..%2F..%2Fetc",
];
const QUERIES = [
  "q=%00",
  "q=%ED%A0%80",
  `q=${"q".repeat(5000)}`,
  "from=2020-13-45",
  "to=2020-02-31",
  "from=2021-02-29T10:00:00Z",
  "from=yesterday&to=%00",
  "limit=-1&sort=%00&order=sideways",
  "cursor=%00",
  "cursor=bm90LWEtY3Vyc29y",
  "tz=%00&interval=year",
  "tz=Mars/Olympus",
  "token=%00",
  "applicationId=%00&owner=%00",
  "f.nope=1&f.00000000-0000-0000-0000-000000000000.min=x",
];

let deepArray = "0";
let deepObject = "0";
for (let level = 0; level < 5000; level++) {
  deepArray = `[${deepArray}]`;
  deepObject = `{"a":${deepObject}}`;
}
/** Bodies no route accepts: raw JSON text (or not JSON at all). */
const RAW_BODIES = [
  '{"a":',
  "\u0000",
  "[]",
  "1",
  "null",
  '"text"',
  deepArray,
  deepObject,
  '{"name":{"$gt":""},"fields":"x","records":{},"answers":[]}',
];

/** A body each route would accept; its string values are swapped one by one for hostile ones. */
function validBodies(ids: { applicationId: string; fieldId: string }): Record<string, Record<string, unknown>> {
  return {
    "/api/applications": applicationForm("Fuzz", [textField("Campo")], { description: "d" }),
    "/api/applications/:id": {
      ...applicationForm("Fuzz", [{ ...textField("Campo"), id: ids.fieldId }]),
      description: "d",
    },
    "/api/account/profile": { name: "Maria", cidade: "Campinas", locale: "pt-BR" },
    "/api/account/register": registration(),
    "/api/account": { password: "wrong-password" },
    "/api/contact": {
      fullName: "Maria",
      email: "m@campo.test",
      celular: "11999998888",
      subject: "Assunto",
      message: "Mensagem longa",
    },
    "/api/sync": { records: [record({ applicationId: ids.applicationId, answers: { [ids.fieldId]: "texto" } })] },
    "/api/applications/:id/submissions/:submissionId": { answers: { [ids.fieldId]: "texto" } },
    "/api/team/invites": {
      name: "Convidado",
      email: "c@campo.test",
      grants: [{ applicationId: ids.applicationId, role: "collaborator" }],
    },
    "/api/team/members/:memberId": { status: "inactive" },
    "/api/team/members/:memberId/applications": { applicationId: ids.applicationId, role: "collaborator" },
    "/api/team/members/:memberId/applications/:applicationId": { role: "collaborator" },
    "/api/invites/accept": { token: "t".repeat(43) },
    "/api/auth/sign-in/email": { email: "m@campo.test", password: "secret123" },
    "/api/auth/request-password-reset": { email: "m@campo.test", redirectTo: "/reset-password" },
    "/api/auth/reset-password": { token: "t", newPassword: "secret123" },
    "/api/auth/change-password": { currentPassword: "wrong-one", newPassword: "secret456" },
  };
}

/** Every string in `body` (at any depth) replaced by `bad`, one at a time. */
function withEachStringReplaced(body: unknown, bad: string): unknown[] {
  const variants: unknown[] = [];
  const walk = (value: unknown, replace: (next: unknown) => unknown) => {
    if (typeof value === "string") variants.push(replace(bad));
    else if (Array.isArray(value))
      value.forEach((item, index) => walk(item, (next) => replace(value.map((v, i) => (i === index ? next : v)))));
    else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) walk(item, (next) => replace({ ...value, [key]: next }));
      variants.push(replace({ ...value, [bad]: 1 }));
    }
  };
  walk(body, (next) => next);
  return variants;
}

interface Probe {
  method: string;
  path: string;
  body?: string;
}

describe("no input makes any route answer 5xx", () => {
  let server: TestServer;
  let owner: HttpClient;
  let real: Record<string, string>;
  let bodies: Record<string, Record<string, unknown>>;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    const registered = await owner.post("/api/account/register", registration());
    expect(registered.status).toBe(201);
    const created = await createApplicationVia(owner, applicationForm("Alvo", [textField("Campo")]));
    const applicationId = created.application.id;
    assert(created.fields[0]);
    const fieldId = created.fields[0].id;
    const stored = record({ applicationId, answers: { [fieldId]: "valor" } });
    expect((await sync(owner, [stored])).results[0]?.status).toBe("created");
    real = {
      id: applicationId,
      applicationId,
      submissionId: stored.id,
      recordId: stored.id,
      memberId: randomUUID(),
      sha256: "a".repeat(64),
      token: "t".repeat(43),
    };
    bodies = validBodies({ applicationId, fieldId });
    const authPaths = [
      "sign-in/email",
      "sign-up/email",
      "request-password-reset",
      "reset-password",
      "change-password",
      "get-session",
    ];
    routes = server.app.routes
      .filter((route) => route.path.startsWith("/api/") && route.path !== "/api/*" && route.method !== "ALL")
      .flatMap((route) =>
        route.path === "/api/auth/*"
          ? authPaths.map((name) => ({ method: route.method, path: `/api/auth/${name}` }))
          : [route],
      )
      // Deleting the target (or the account) last keeps the real ids alive for every other route.
      .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  }, 60_000);
  afterAll(() => server.stop());

  function probesFor(route: { method: string; path: string }): Probe[] {
    const params = route.path.match(/:[A-Za-z0-9]+/g) ?? [];
    const withParams = (value: (name: string) => string) =>
      route.path.replace(/:([A-Za-z0-9]+)/g, (_, name: string) => value(name));
    const realPath = withParams((name) => real[name] ?? randomUUID());
    const probes: Probe[] = [];
    for (const value of params.length > 0 ? PATH_VALUES : [])
      probes.push({ method: route.method, path: withParams(() => value) });
    if (route.method === "GET") {
      for (const query of QUERIES) probes.push({ method: "GET", path: `${realPath}?${query}` });
      return probes;
    }
    const valid = bodies[route.path];
    const jsonBodies = [
      ...RAW_BODIES,
      JSON.stringify({}),
      ...(valid
        ? BAD_STRINGS.flatMap((bad) => withEachStringReplaced(valid, bad)).map((body) => JSON.stringify(body))
        : []),
    ];
    for (const body of jsonBodies) probes.push({ method: route.method, path: realPath, body });
    return probes;
  }

  let address = 0;
  async function send(client: HttpClient, probe: Probe): Promise<number> {
    // Each request from its own address: rate limits would otherwise answer 429 before the input is even read.
    address++;
    const headers = {
      "content-type": "application/json",
      "x-forwarded-for": `10.9.${Math.floor(address / 250) % 250}.${address % 250}`,
    };
    const response = await client.request(probe.path, { method: probe.method, body: probe.body, headers });
    await response.arrayBuffer();
    return response.status;
  }

  for (const caller of ["anonymous", "owner"] as const) {
    it(`answers every hostile request below 500, ${caller}`, async () => {
      const client = caller === "owner" ? owner : new HttpClient(server.url);
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        if (caller === "owner" && route.method === "DELETE" && route.path === "/api/account") continue;
        for (const probe of probesFor(route)) {
          const status = await send(client, probe);
          sent++;
          if (status >= 500)
            failures.push(`${status} ${probe.method} ${probe.path.slice(0, 120)} ${(probe.body ?? "").slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(500);
    }, 600_000);
  }
});
