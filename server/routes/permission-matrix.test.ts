/**
 * Every route × every kind of caller, derived from the route contracts (shared/api/contracts): each contract's
 * policy gives the status per caller (server/test-support/permission-matrix/matrix-expectations.ts), a small table of
 * per-route fixtures keyed by operation gives the call's parameters and body and what the handler decides beyond the
 * policy (route-fixtures.ts). Each call checks the status, that a caller without the right sees none of the
 * application's content (name, description, field labels, answers) in any answer, and that a refused request changed
 * nothing; the same for the owner's API tokens. A contract with no case fails the completeness test, unless it is
 * public (called without a session below) or listed in own-tests.ts with the test that covers it and why.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";
import { contractPath, type RouteContract } from "../../shared/api/route-contract.ts";
import { apiTokens, applications, formFields, formSubmissions } from "../db/schema/index.ts";
import { findInvite, insertInvite } from "../db/queries/invites.ts";
import { insertPublicLink } from "../db/queries/public-links.ts";
import { createTestApiToken } from "../test-support/fixtures/api-token-fixtures.ts";
import type { HttpClient } from "../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  insertSubmission,
  signUpAs,
  subscribe,
  textField,
  TRUST_PROXY_ENV,
} from "../test-support/fixtures/application-fixtures.ts";
import {
  expectedByPolicy,
  expectedByToken,
  ROLES,
  TOKEN_KINDS,
  type LiveTokenKind,
  type Role,
  type Target,
  type TokenKind,
} from "../test-support/permission-matrix/matrix-expectations.ts";
import { MATRIX_FIXTURES, type MatrixFixture } from "../test-support/permission-matrix/route-fixtures.ts";
import { OWN_TESTS } from "../test-support/permission-matrix/own-tests.ts";

/** The key of an operation in the fixtures and OWN_TESTS: `GET /api/applications/:id`. */
function operationKey(contract: RouteContract): string {
  return `${contract.method.toUpperCase()} ${contract.path}`;
}

interface MatrixCase {
  contract: RouteContract;
  fixture: MatrixFixture;
  /** The operation and its variant, the tests' name. */
  name: string;
  expected: Record<Role, number>;
  tokens: Record<LiveTokenKind, number>;
}

const MATRIX: MatrixCase[] = API_CONTRACTS.flatMap((contract) =>
  (MATRIX_FIXTURES[operationKey(contract)] ?? []).map((fixture): MatrixCase => {
    const expected = {
      ...expectedByPolicy(contract, fixture.admitted ?? contract.status ?? 200),
      ...fixture.handler?.roles,
    };
    return {
      contract,
      fixture,
      name: `${operationKey(contract)}${fixture.variant ? ` (${fixture.variant})` : ""}`,
      expected,
      tokens: { ...expectedByToken(contract, expected.owner), ...fixture.handler?.tokens },
    };
  }),
);

/**
 * The request path: the fixture's parameters over the defaults (the target application for an application route's
 * `:id`, a fresh uuid for anything else, so a missing thing), then its query. `*` (better-auth's routes) becomes a
 * path no endpoint answers.
 */
function requestPath(contract: RouteContract, fixture: MatrixFixture, target: Target): string {
  const names = [...contract.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const targetsApplication = contract.policy.startsWith("application.");
  const defaults = Object.fromEntries(
    names.map((name) => [name, name === "id" && targetsApplication ? target.applicationId : randomUUID()]),
  );
  const path = contractPath(contract.path.replace("*", "matrix"), { ...defaults, ...fixture.params?.(target) });
  return path + (fixture.query?.(target) ?? "");
}

function tokenExpectation(testCase: MatrixCase, kind: TokenKind): number {
  return kind === "revoked" || kind === "expired" ? testCase.expected.anonymous : testCase.tokens[kind];
}

const SUPER_ADMIN_EMAIL = "root-matrix@campo.test";

describe("permission matrix", () => {
  let server: TestServer;
  const clients = {} as Record<Role, HttpClient>;
  const users = {} as Record<Exclude<Role, "anonymous">, { id: string; email: string }>;
  let shared: Target;

  beforeAll(async () => {
    // Tokens are made once per target and kind; the limit is raised so that one token may call every route.
    server = await startTestServer({
      env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, API_TOKEN_RATE_LIMIT: "100000", ...TRUST_PROXY_ENV },
    });
    for (const role of ROLES) {
      clients[role] = server.client();
      if (role === "anonymous") continue;
      const email = role === "superAdmin" ? SUPER_ADMIN_EMAIL : `${role}-matrix@campo.test`;
      users[role] = await signUpAs(clients[role], email);
    }
    // A custom plan: unlimited applications for the fresh targets, and clearing data allowed (paid plan).
    await subscribe(server.context.database.db, users.owner.id, "custom");
    shared = await makeTarget();
    // A server and five accounts: on a loaded machine this takes longer than one hook's default minute.
  }, 180_000);
  afterAll(() => server.stop());

  const db = () => server.context.database.db;

  async function makeTarget(): Promise<Target> {
    const secret = randomBytes(6).toString("hex");
    const secrets = [
      `Segredo ${secret}`,
      `Descrição secreta ${secret}`,
      `Rótulo secreto ${secret}`,
      `resposta-secreta-${secret}`,
    ] as const;
    const created = await createApplicationVia(
      clients.owner,
      applicationForm(secrets[0], [textField(secrets[2])], { description: secrets[1] }),
    );
    const applicationId = created.application.id;
    const grant = (role: "collaborator" | "admin") =>
      grantRole(db(), {
        ownerId: users.owner.id,
        userId: users[role].id,
        email: users[role].email,
        applicationId,
        role: role === "admin" ? "admin_invited" : "collaborator",
      });
    const memberIds = { collaborator: await grant("collaborator"), admin: await grant("admin") };
    const invite = await insertInvite(db(), {
      ownerId: users.owner.id,
      invitedBy: users.owner.id,
      tokenHash: randomBytes(32).toString("hex"),
      email: `pending-${secret}@campo.test`,
      name: "Convite pendente",
      grants: [{ applicationId, role: "collaborator" }],
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    const [field, ...otherFields] = created.fields;
    assert(field);
    const answers = { [field.id]: secrets[3] };
    const submissionIds = {
      owner: await insertSubmission(db(), {
        applicationId,
        ownerId: users.owner.id,
        submitterId: users.owner.id,
        answers,
      }),
      collaborator: await insertSubmission(db(), {
        applicationId,
        ownerId: users.owner.id,
        submitterId: users.collaborator.id,
        answers,
      }),
    };
    const publicLink = await insertPublicLink(db(), {
      applicationId,
      token: randomBytes(24).toString("base64url"),
      name: "Link da matriz",
    });
    return {
      applicationId,
      fields: [field, ...otherFields],
      submissionIds,
      memberIds,
      inviteId: invite.id,
      publicLinkId: publicLink.id,
      secrets,
    };
  }

  /** What a refused request must not have changed. */
  async function snapshot(target: Target) {
    const [application] = await db().select().from(applications).where(eq(applications.id, target.applicationId));
    const fields = await db().select().from(formFields).where(eq(formFields.applicationId, target.applicationId));
    const [count] = await db()
      .select({ records: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(eq(formSubmissions.applicationId, target.applicationId));
    assert(count);
    return { application, fields, records: count.records, invite: await findInvite(db(), target.inviteId) };
  }

  /** Who may see the target's content in a successful answer: by default every caller answered with 2xx. */
  const revealsTo = (testCase: MatrixCase) =>
    testCase.fixture.reveals ?? ROLES.filter((role) => testCase.expected[role] < 300);

  /** One request as `role` would make it (the body is built for that role), with a token when given. */
  async function call(
    contract: RouteContract,
    fixture: MatrixFixture,
    target: Target,
    caller: { client: HttpClient; role: Role; token?: string },
  ) {
    const body = fixture.body?.(target, caller.role);
    const response = await caller.client.request(requestPath(contract, fixture, target), {
      method: contract.method.toUpperCase(),
      ...(caller.token ? { headers: { authorization: `Bearer ${caller.token}` } } : {}),
      ...(body === undefined ? {} : { json: body }),
    });
    return { status: response.status, text: await response.text() };
  }

  const roleCases = MATRIX.flatMap((testCase) =>
    ROLES.map((role) => ({ testCase, role, title: `${testCase.name} as ${role} → ${testCase.expected[role]}` })),
  );

  it.each(roleCases)("$title", async ({ testCase, role }) => {
    const target = testCase.fixture.destructive ? await makeTarget() : shared;
    const before = await snapshot(target);
    const { status, text } = await call(testCase.contract, testCase.fixture, target, { client: clients[role], role });
    expect(status, text).toBe(testCase.expected[role]);

    if (!revealsTo(testCase).includes(role) || status >= 300) {
      for (const secret of target.secrets) expect(text).not.toContain(secret);
    }
    if (status >= 300) expect(await snapshot(target)).toEqual(before);
  });

  const tokenCases = MATRIX.flatMap((testCase) =>
    TOKEN_KINDS.map((kind) => ({
      testCase,
      kind,
      title: `${testCase.name} with the owner's ${kind} token → ${tokenExpectation(testCase, kind)}`,
    })),
  );

  /** The owner's tokens, made once per application and kind (no case revokes them: see own-tests.ts). */
  const tokens = new Map<string, Promise<string>>();
  let elsewhere: Promise<Target> | undefined;
  function ownerToken(target: Target, kind: TokenKind): Promise<string> {
    const key = `${target.applicationId} ${kind}`;
    const made = tokens.get(key) ?? makeToken(target, kind);
    tokens.set(key, made);
    return made;
  }
  async function makeToken(target: Target, kind: TokenKind): Promise<string> {
    elsewhere ??= makeTarget();
    const applicationId = kind === "none" ? (await elsewhere).applicationId : target.applicationId;
    const access = kind === "read" ? "read" : "write";
    const { id, token } = await createTestApiToken(db(), users.owner.id, [{ applicationId, access }], {
      expiresAt: kind === "expired" ? new Date(Date.now() - 1000) : null,
    });
    if (kind === "revoked") await db().update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id));
    return token;
  }

  it.each(tokenCases)("$title", async ({ testCase, kind }) => {
    const target = testCase.fixture.destructive ? await makeTarget() : shared;
    const token = await ownerToken(target, kind);
    const before = await snapshot(target);
    // A script: the token and no cookie (the anonymous client never signs in).
    const { status, text } = await call(testCase.contract, testCase.fixture, target, {
      client: clients.anonymous,
      role: "owner",
      token,
    });
    expect(status, text).toBe(tokenExpectation(testCase, kind));
    if (!testCase.contract.token && testCase.contract.policy !== "public" && (kind === "read" || kind === "write")) {
      expect(text).toContain("API_TOKEN_NOT_ALLOWED");
    }

    const live = kind === "read" || kind === "write";
    if (!live || !revealsTo(testCase).includes("owner") || status >= 300) {
      for (const secret of target.secrets) expect(text).not.toContain(secret);
    }
    // Only a live write token may change anything, and only with a success.
    if (kind !== "write" || status >= 300) expect(await snapshot(target)).toEqual(before);
  });

  const publicContracts = API_CONTRACTS.filter(
    (contract) => contract.policy === "public" && !(operationKey(contract) in MATRIX_FIXTURES),
  );

  it.each(
    publicContracts.map((contract) => ({ contract, title: `${operationKey(contract)} answers without a session` })),
  )("$title", async ({ contract }) => {
    const { status, text } = await call(contract, {}, shared, { client: clients.anonymous, role: "anonymous" });
    expect([401, 403], text).not.toContain(status);
    for (const secret of shared.secrets) expect(text).not.toContain(secret);
  });
});

describe("the permission matrix's completeness", () => {
  it("has a case for every contract that is not public, or its own listed test", () => {
    const missing = API_CONTRACTS.filter(
      (contract) =>
        contract.policy !== "public" &&
        !(operationKey(contract) in MATRIX_FIXTURES) &&
        !(operationKey(contract) in OWN_TESTS),
    ).map(
      (contract) =>
        `${operationKey(contract)}: add its fixture to server/test-support/permission-matrix/route-fixtures.ts ` +
        `or, when the matrix cannot call it, its test and why to own-tests.ts there`,
    );
    expect(missing).toEqual([]);
  });

  it("lists no operation twice and none the API does not have", () => {
    const operations = new Set(API_CONTRACTS.map(operationKey));
    const stale = [...Object.keys(MATRIX_FIXTURES), ...Object.keys(OWN_TESTS)].filter((key) => !operations.has(key));
    expect(stale.map((key) => `${key} has a matrix entry but no contract`)).toEqual([]);
    const both = Object.keys(OWN_TESTS).filter((key) => key in MATRIX_FIXTURES);
    expect(both.map((key) => `${key} is both in the matrix and in OWN_TESTS`)).toEqual([]);
    for (const { file } of Object.values(OWN_TESTS)) expect(existsSync(file), file).toBe(true);
  });

  it("overrides the policy only where the handler answers otherwise, and says why", () => {
    const needless = MATRIX.flatMap((testCase) => {
      const byPolicy = expectedByPolicy(
        testCase.contract,
        testCase.fixture.admitted ?? testCase.contract.status ?? 200,
      );
      const roles = Object.entries(testCase.fixture.handler?.roles ?? {});
      return roles
        .filter(([role, status]) => byPolicy[role as Role] === status)
        .map(([role]) => `${testCase.name}: ${role}`);
    });
    expect(needless).toEqual([]);
  });
});
