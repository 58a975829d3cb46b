import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { applicationMembers, applications, teamMembers, userLimits } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { createApplication } from "../../services/applications/create-application.ts";
import { toFieldRow } from "../../services/applications/field-rows.ts";
import { createApplicationSchema } from "../../../shared/applications/application-input-schemas.ts";
import { FIELD_TYPES, NON_QUESTION_TYPES } from "../../../shared/fields/field-types.ts";
import { FIELDS_MAX } from "../../../shared/fields/field-config.ts";
import { MAX_JSON_BYTES } from "../../lib/validation.ts";
import {
  applicationForm,
  choiceField,
  createApplicationVia,
  grantRole,
  insertSubmission,
  signUpAs,
  subscribe,
  tableCounts,
  textField,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
} from "../../test-support/fixtures/application-fixtures.ts";

const SUPER_ADMIN = "root@campo.test";

interface Summary {
  id: string;
  name: string;
  role: string;
  fieldsCount: number;
  entriesCount: number;
  capabilities: Record<string, boolean>;
}

async function list(client: HttpClient): Promise<Summary[]> {
  const response = await client.get("/api/applications");
  expect(response.status).toBe(200);
  return ((await response.json()) as { applications: Summary[] }).applications;
}

/** One field of every type, each with a valid config. */
function allTypeFields() {
  return FIELD_TYPES.map((fieldType, position) => {
    const config =
      fieldType === "single_choice" || fieldType === "multiple_choice" || fieldType === "rank"
        ? { options: ["A", "B"] }
        : fieldType === "calculation"
          ? { calculation: "2 * 3" }
          : fieldType === "metadata"
            ? { kind: "start" }
            : {};
    return { id: `field-${position}`, fieldType, label: `Campo ${fieldType}`, position: 99, config };
  });
}

describe("applications API", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN, ...TRUST_PROXY_ENV } });
    owner = server.client();
    ownerId = (await signUpAs(owner, "owner@campo.test")).id;
    // A plan with room: these tests are not about the application limit (that one has its own).
    await subscribe(server.context.database.db, ownerId, "avancado");
  });
  afterAll(() => server.stop());
  const db = () => server.context.database.db;

  it("creates an application with one field of each type, trims the name and numbers positions from 0", async () => {
    const body = await createApplicationVia(
      owner,
      applicationForm("  Pesquisa de campo  ", allTypeFields(), { description: " Uma descrição " }),
    );
    expect(body.application).toMatchObject({
      name: "Pesquisa de campo",
      description: "Uma descrição",
      role: "owner",
      ownerId,
      active: true,
      visibility: "team",
    });
    expect(body.fields.map((field) => field.fieldType)).toEqual([...FIELD_TYPES]);
    expect(body.fields.map((field) => field.position)).toEqual(FIELD_TYPES.map((_, index) => index));
    expect(body.fields.find((field) => field.fieldType === "photo")?.config).toMatchObject({
      captureMode: "both",
      maxSize: 5,
    });
    expect(body.fields.every((field) => /^[0-9a-f-]{36}$/.test(field.id))).toBe(true);
    expect(body.fields.map((field) => field.name)).toEqual(FIELD_TYPES.map((type) => `campo_${type}`));
    expect(body.permissions).toMatchObject({ isOwner: true, role: "owner", hasAccess: true });
    expect(body.capabilities).toMatchObject({
      canEdit: true,
      canDelete: true,
      canClearData: true,
      canCollect: true,
      canViewAllSubmissions: true,
    });

    const read = await owner.get(`/api/applications/${body.application.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as ApplicationResponse).fields).toHaveLength(FIELD_TYPES.length);
    // "N campos" counts questions: not the section, the repeat, the note, the calculation, hidden values or metadata.
    const questions = FIELD_TYPES.length - NON_QUESTION_TYPES.length;
    expect((await list(owner)).find((app) => app.id === body.application.id)?.fieldsCount).toBe(questions);
    const versions = await owner.get(`/api/applications/${body.application.id}/versions`);
    expect(((await versions.json()) as { versions: { fieldCount: number }[] }).versions[0]?.fieldCount).toBe(questions);
    await owner.delete(`/api/applications/${body.application.id}`);
  });

  it("lists accessible applications newest first with field and record counts (collaborators count their own)", async () => {
    const collaborator = server.client();
    const collaboratorUser = await signUpAs(collaborator, "collab-list@campo.test");
    const first = await createApplicationVia(owner, applicationForm("Lista A", [textField("Um"), textField("Dois")]));
    const second = await createApplicationVia(owner, applicationForm("Lista B"));
    await grantRole(db(), {
      ownerId,
      userId: collaboratorUser.id,
      email: collaboratorUser.email,
      applicationId: first.application.id,
      role: "collaborator",
    });
    await insertSubmission(db(), { applicationId: first.application.id, ownerId, submitterId: ownerId, answers: {} });
    await insertSubmission(db(), {
      applicationId: first.application.id,
      ownerId,
      submitterId: collaboratorUser.id,
      answers: {},
    });

    const ownerList = await list(owner);
    expect(ownerList.map((app) => app.name)).toEqual(["Lista B", "Lista A"]);
    expect(ownerList[1]).toMatchObject({ role: "owner", fieldsCount: 2, entriesCount: 2 });

    const collaboratorList = await list(collaborator);
    expect(collaboratorList).toHaveLength(1);
    expect(collaboratorList[0]).toMatchObject({
      id: first.application.id,
      role: "collaborator",
      fieldsCount: 2,
      entriesCount: 1,
    });
    expect(collaboratorList[0]?.capabilities).toMatchObject({
      canEdit: false,
      canDelete: false,
      canViewAllSubmissions: false,
    });

    // An inactive team member loses access, and so does an unlinked one.
    await db().update(teamMembers).set({ status: "inactive" }).where(eq(teamMembers.userId, collaboratorUser.id));
    expect(await list(collaborator)).toEqual([]);
    expect((await collaborator.get(`/api/applications/${first.application.id}`)).status).toBe(404);

    for (const app of [first, second])
      expect((await owner.delete(`/api/applications/${app.application.id}`)).status).toBe(204);
    expect(await list(owner)).toEqual([]);
  });

  it("saves a form of FIELDS_MAX questions, a body past the ordinary JSON cap, and refuses one more", async () => {
    const fields = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        ...textField(`Pergunta ${index + 1} ${"de um questionário longo ".repeat(6)}`),
        position: index,
        config: { required: false, description: "Texto de ajuda da pergunta. ".repeat(8) },
      }));
    const body = applicationForm("Censo", fields(FIELDS_MAX));
    expect(JSON.stringify(body).length).toBeGreaterThan(MAX_JSON_BYTES);
    const created = await owner.post("/api/applications", body);
    expect(created.status).toBe(201);
    const { application } = (await created.json()) as ApplicationResponse;
    const read = (await (await owner.get(`/api/applications/${application.id}`)).json()) as ApplicationResponse;
    expect(read.fields).toHaveLength(FIELDS_MAX);
    const tooMany = await owner.put(
      `/api/applications/${application.id}`,
      applicationForm("Censo", fields(FIELDS_MAX + 1)),
    );
    expect(tooMany.status).toBe(400);
    expect((await owner.delete(`/api/applications/${application.id}`)).status).toBe(204);
  });

  it("refuses a duplicate name of the same owner case-insensitively, but not another owner's", async () => {
    const created = await createApplicationVia(owner, applicationForm("Inventário"));
    const before = await tableCounts(db());
    const duplicate = await owner.post("/api/applications", applicationForm("  INVENTÁRIO "));
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { error: { code: string } }).error.code).toBe("DUPLICATE_APPLICATION_NAME");
    expect(await tableCounts(db())).toEqual(before);

    const other = server.client();
    await signUpAs(other, "other-owner@campo.test");
    await createApplicationVia(other, applicationForm("inventário"));

    // Renaming another application onto the name is refused too.
    const second = await createApplicationVia(owner, applicationForm("Outro"));
    const rename = await owner.put(`/api/applications/${second.application.id}`, applicationForm("inventÁrio"));
    expect(rename.status).toBe(409);
    expect(((await rename.json()) as { error: { code: string } }).error.code).toBe("DUPLICATE_APPLICATION_NAME");
    // Keeping its own name with another case is allowed.
    expect((await owner.put(`/api/applications/${created.application.id}`, applicationForm("INVENTÁRIO"))).status).toBe(
      200,
    );
    for (const app of [created, second]) await owner.delete(`/api/applications/${app.application.id}`);
  });

  it("stops the 4th application on the free plan with 402 and follows paid tiers and user_limits overrides", async () => {
    const client = server.client();
    const user = await signUpAs(client, "limits@campo.test");
    for (const name of ["L1", "L2", "L3"]) await createApplicationVia(client, applicationForm(name));
    const before = await tableCounts(db());
    const fourth = await client.post("/api/applications", applicationForm("L4"));
    expect(fourth.status).toBe(402);
    expect(await fourth.json()).toMatchObject({
      error: { code: "APPLICATION_LIMIT_REACHED", details: { tier: "free", limit: 3 } },
    });
    expect(await tableCounts(db())).toEqual(before);

    await subscribe(db(), user.id, "premium");
    await createApplicationVia(client, applicationForm("L4"));
    const usage = await client.get("/api/usage");
    expect(await usage.json()).toMatchObject({
      tier: "premium",
      limits: { applications: 10, submissions: null },
      usage: { applications: 4 },
    });

    await db().insert(userLimits).values({ userId: user.id, maxApplications: 4 });
    expect((await client.post("/api/applications", applicationForm("L5"))).status).toBe(402);
  });

  it("lets exactly one of concurrent creates through at the name and at the plan limit", async () => {
    const client = server.client();
    await signUpAs(client, "race@campo.test");
    const sameName = await Promise.all(
      [1, 2, 3].map(() => client.post("/api/applications", applicationForm("Corrida"))),
    );
    expect(sameName.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    const atLimit = await Promise.all(
      ["R1", "R2", "R3"].map((name) => client.post("/api/applications", applicationForm(name))),
    );
    expect(atLimit.map((response) => response.status).sort()).toEqual([201, 201, 402]);
  });

  it("never limits a super admin", async () => {
    const root = server.client();
    await signUpAs(root, SUPER_ADMIN);
    for (let index = 1; index <= 5; index++) await createApplicationVia(root, applicationForm(`Root ${index}`));
    const usage = (await (await root.get("/api/usage")).json()) as {
      isSuperAdmin: boolean;
      limits: Record<string, unknown>;
      usage: { applications: number };
    };
    expect(usage.isSuperAdmin).toBe(true);
    expect(usage.limits).toEqual({ applications: null, teamMembers: null, submissions: null, storageGb: null });
    expect(usage.usage.applications).toBe(5);
  });

  it("rolls the whole creation back when a field insert fails in the database", async () => {
    const client = server.client();
    const user = await signUpAs(client, "rollback@campo.test");
    const before = await tableCounts(db());
    // A row that passed validation but breaks NOT NULL on form_fields.label: a real failure inside the transaction.
    const brokenRow: typeof toFieldRow = (applicationId, field, position) =>
      position === 1
        ? { ...toFieldRow(applicationId, field, position), label: null as unknown as string }
        : toFieldRow(applicationId, field, position);
    const input = createApplicationSchema.parse(applicationForm("Meio criado", [textField("Um"), textField("Dois")]));
    await expect(
      createApplication(db(), { id: user.id, email: user.email, isSuperAdmin: false, apiToken: null }, input, {
        fieldRow: brokenRow,
      }),
    ).rejects.toThrow();
    expect(await tableCounts(db())).toEqual(before);
    expect(await db().select().from(applications).where(eq(applications.ownerId, user.id))).toEqual([]);
    // The same input without the fault goes through, so the fault was the only reason.
    await createApplication(db(), { id: user.id, email: user.email, isSuperAdmin: false, apiToken: null }, input);
    expect(await db().select().from(applications).where(eq(applications.ownerId, user.id))).toHaveLength(1);
  });

  it("grants the picked members of the owner's own team and refuses anyone else's", async () => {
    const client = server.client();
    const user = await signUpAs(client, "members@campo.test");
    const stranger = server.client();
    const strangerUser = await signUpAs(stranger, "stranger@campo.test");
    const [ownMember] = await db()
      .insert(teamMembers)
      .values({ ownerId: user.id, name: "Ana", email: "ana@campo.test" })
      .returning();
    assert(ownMember);
    const [foreignMember] = await db()
      .insert(teamMembers)
      .values({ ownerId: strangerUser.id, name: "Bia", email: "bia@campo.test" })
      .returning();
    assert(foreignMember);

    const before = await tableCounts(db());
    const refused = await client.post(
      "/api/applications",
      applicationForm("Específico", undefined, {
        visibility: "specific",
        members: [
          { teamMemberId: ownMember.id, role: "collaborator" },
          { teamMemberId: foreignMember.id, role: "admin_invited" },
        ],
      }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [{ path: "members.1.teamMemberId" }] },
    });
    expect(await tableCounts(db())).toEqual(before);

    const created = await createApplicationVia(
      client,
      applicationForm("Específico", undefined, {
        visibility: "specific",
        members: [{ teamMemberId: ownMember.id, role: "admin_invited" }],
      }),
    );
    const rows = await db()
      .select()
      .from(applicationMembers)
      .where(eq(applicationMembers.applicationId, created.application.id));
    expect(rows.map((row) => [row.teamMemberId, row.role])).toEqual([[ownMember.id, "admin_invited"]]);
  });

  it("deletes an application with its fields and records (owner only) and clears data on a paid plan", async () => {
    const client = server.client();
    const user = await signUpAs(client, "clear@campo.test");
    const admin = server.client();
    const adminUser = await signUpAs(admin, "clear-admin@campo.test");
    const created = await createApplicationVia(
      client,
      applicationForm("Limpar", [textField("A"), choiceField("B", ["x", "y"])]),
    );
    const id = created.application.id;
    const [a, b] = created.fields;
    assert(a);
    assert(b);
    await grantRole(db(), {
      ownerId: user.id,
      userId: adminUser.id,
      email: adminUser.email,
      applicationId: id,
      role: "admin_invited",
    });
    await insertSubmission(db(), {
      applicationId: id,
      ownerId: user.id,
      submitterId: user.id,
      answers: { [a.id]: "1", [b.id]: "x" },
    });
    await insertSubmission(db(), {
      applicationId: id,
      ownerId: user.id,
      submitterId: adminUser.id,
      answers: { [a.id]: "2" },
    });

    // Free plan: clearing would reset the record cap.
    const refused = await client.delete(`/api/applications/${id}/submissions`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("DATA_DELETION_FORBIDDEN");
    expect((await tableCounts(db())).formSubmissions).toBeGreaterThanOrEqual(2);
    // …and the card is not offered what the server refuses.
    expect((await list(client)).find((app) => app.id === id)?.capabilities).toMatchObject({
      canClearData: false,
      canEdit: true,
      canDelete: true,
    });

    await subscribe(db(), user.id, "basico");
    expect((await list(client)).find((app) => app.id === id)?.capabilities.canClearData).toBe(true);
    expect(
      ((await (await admin.get(`/api/applications/${id}`)).json()) as ApplicationResponse).capabilities.canClearData,
    ).toBe(true);
    const cleared = await admin.delete(`/api/applications/${id}/submissions`);
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ deletedSubmissions: 2, deletedResponses: 3 });
    expect(await (await admin.delete(`/api/applications/${id}/submissions`)).json()).toEqual({
      deletedSubmissions: 0,
      deletedResponses: 0,
    });

    expect((await admin.delete(`/api/applications/${id}`)).status).toBe(403);
    expect((await client.delete(`/api/applications/${id}`)).status).toBe(204);
    expect((await client.get(`/api/applications/${id}`)).status).toBe(404);
    expect((await client.delete(`/api/applications/${id}`)).status).toBe(404);
  });
});
