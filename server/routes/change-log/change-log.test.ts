/**
 * The change-management log: each service path writes its entry (before → after) in the change's own transaction,
 * a failed change writes none, and GET /api/change-log shows each caller only what they administer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditLog, teamMembers } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { recordAudit } from "../../services/audit/record-audit.ts";
import { softDeleteFields } from "../../db/queries/form-fields.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  insertSubmission,
  signUpAs,
  textField,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
} from "../../test-support/fixtures/application-fixtures.ts";
import { invite, lastInviteToken, recordingMailer } from "../../test-support/fixtures/team-fixtures.ts";
import type { ChangeLogEntry, ChangeLogFilters, ChangeLogPage } from "../../../shared/audit/change-log-dtos.ts";

const SUPER_ADMIN_EMAIL = "root-audit@campo.test";

describe("change-management log", () => {
  let server: TestServer;
  const mailer = recordingMailer();
  const db = () => server.context.database.db;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, ...TRUST_PROXY_ENV }, mailer });
  });
  afterAll(() => server.stop());

  async function person(label: string) {
    const client = server.client();
    const email = label === "root" ? SUPER_ADMIN_EMAIL : `${label}-audit@campo.test`;
    return { client, user: await signUpAs(client, email) };
  }

  async function page(client: HttpClient, query = ""): Promise<ChangeLogPage> {
    const response = await client.get(`/api/change-log${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ChangeLogPage;
  }

  const entriesOf = async (applicationId: string) =>
    db().select().from(auditLog).where(eq(auditLog.applicationId, applicationId)).orderBy(auditLog.kind);

  const entryOf = async (client: HttpClient, applicationId: string, kind: string): Promise<ChangeLogEntry> => {
    const { entries } = await page(client, `?applicationId=${applicationId}&kind=${kind}`);
    const [entry] = entries;
    if (!entry) throw new Error(`no ${kind} entry`);
    return entry;
  };

  it("application created, renamed (before → after), fields added / changed / removed, deleted", async () => {
    const { client, user } = await person("designer");
    const created = await createApplicationVia(
      client,
      applicationForm("Censo", [textField("Nome"), textField("Idade")], { description: "v1" }),
    );
    const id = created.application.id;
    const [nome, idade] = created.fields;
    expect(await entryOf(client, id, "application.created")).toMatchObject({
      actor: { id: user.id, email: user.email },
      application: { id, name: "Censo" },
      after: { name: "Censo", description: "v1", fields: ["Nome", "Idade"] },
    });

    const put = await client.put(`/api/applications/${id}`, {
      ...applicationForm("Censo 2026", [textField("Nome completo", nome?.id), textField("Cidade")]),
      description: "v1",
    });
    expect(put.status).toBe(200);
    const updated = await entryOf(client, id, "application.updated");
    // Only what changed, and the entry carries the new name.
    expect(updated).toMatchObject({ application: { name: "Censo 2026" }, before: { name: "Censo" } });
    expect(updated.before).toEqual({ name: "Censo" });
    expect(updated.after).toEqual({ name: "Censo 2026" });
    expect(await entryOf(client, id, "field.updated")).toMatchObject({
      target: nome?.id,
      before: { label: "Nome" },
      after: { label: "Nome completo" },
    });
    expect(await entryOf(client, id, "field.added")).toMatchObject({ after: { label: "Cidade", fieldType: "text" } });
    expect(await entryOf(client, id, "field.removed")).toMatchObject({ target: idade?.id, before: { label: "Idade" } });

    expect((await client.delete(`/api/applications/${id}`)).status).toBe(204);
    // The owner still reads the entries of an application that is gone, under its last name.
    expect(await entryOf(client, id, "application.deleted")).toMatchObject({
      application: { id, name: "Censo 2026" },
      before: { name: "Censo 2026" },
    });
  });

  it("a refused change leaves no entry; a transaction that fails after the write leaves none either", async () => {
    const { client, user } = await person("refused");
    const created = await createApplicationVia(client, applicationForm("Recusada"));
    const id = created.application.id;
    await createApplicationVia(client, applicationForm("Outra"));
    const before = await entriesOf(id);
    // The name of another application of the owner: refused inside the transaction.
    const duplicate = await client.put(`/api/applications/${id}`, applicationForm("Outra", [textField("X")]));
    expect(duplicate.status).toBe(409);
    // A field id that is not one of this form's: refused after the transaction began.
    const unknownField = await client.put(
      `/api/applications/${id}`,
      applicationForm("Renomeada", [textField("X", "00000000-0000-4000-8000-000000000000")]),
    );
    expect(unknownField.status).toBe(400);
    expect(await entriesOf(id)).toEqual(before);

    await expect(
      db().transaction(async (tx) => {
        await recordAudit(
          tx,
          { id: user.id, email: user.email },
          { kind: "application.updated", ownerId: user.id, application: { id, name: "Recusada" }, after: {} },
        );
        throw new Error("the change itself failed");
      }),
    ).rejects.toThrow("the change itself failed");
    expect(await entriesOf(id)).toEqual(before);
  });

  it("members: added, role changed, removed, status changed; invites sent and accepted", async () => {
    const owner = await person("team-owner");
    const colleague = await person("colleague");
    const created = await createApplicationVia(owner.client, applicationForm("Equipe"));
    const id = created.application.id;

    await invite(owner.client, {
      name: "Colega",
      email: colleague.user.email,
      grants: [{ applicationId: id, role: "collaborator" }],
    });
    const sent = await entryOf(owner.client, id, "invite.sent");
    expect(sent).toMatchObject({ target: colleague.user.email, after: { role: "collaborator" } });
    // No token in what the log keeps.
    const token = lastInviteToken(mailer, colleague.user.email);
    expect(JSON.stringify(await entriesOf(id))).not.toContain(token);

    expect((await colleague.client.post("/api/invites/accept", { token })).status).toBe(200);
    expect(await entryOf(owner.client, id, "invite.accepted")).toMatchObject({
      actor: { id: colleague.user.id },
      target: colleague.user.email,
      after: { role: "collaborator" },
    });

    const [member] = await db().select().from(teamMembers).where(eq(teamMembers.email, colleague.user.email));
    if (!member) throw new Error("no team member");
    const memberPath = `/api/team/members/${member.id}/applications/${id}`;
    expect((await owner.client.patch(memberPath, { role: "admin_invited" })).status).toBe(200);
    expect(await entryOf(owner.client, id, "member.role_changed")).toMatchObject({
      target: colleague.user.email,
      before: { role: "collaborator" },
      after: { role: "admin_invited" },
    });
    // A refused role change (the same role again) writes nothing.
    expect((await owner.client.patch(memberPath, { role: "admin_invited" })).status).toBe(409);
    expect((await page(owner.client, `?applicationId=${id}&kind=member.role_changed`)).entries).toHaveLength(1);

    expect((await owner.client.delete(memberPath)).status).toBe(204);
    expect(await entryOf(owner.client, id, "member.removed")).toMatchObject({ before: { role: "admin_invited" } });
    expect(
      (
        await owner.client.post(`/api/team/members/${member.id}/applications`, {
          applicationId: id,
          role: "collaborator",
        })
      ).status,
    ).toBe(201);
    expect(await entryOf(owner.client, id, "member.added")).toMatchObject({ after: { role: "collaborator" } });

    expect((await owner.client.patch(`/api/team/members/${member.id}`, { status: "inactive" })).status).toBe(200);
    const { entries } = await page(owner.client, "?kind=member.status_changed");
    expect(entries[0]).toMatchObject({
      application: null,
      target: colleague.user.email,
      before: { status: "active" },
      after: { status: "inactive" },
    });
  });

  it("records: an edit keeps the changed answers before → after, a deletion and a clearing are logged", async () => {
    const { client, user } = await person("records");
    const created = await createApplicationVia(
      client,
      applicationForm("Registros", [textField("Nome"), textField("Obs")]),
    );
    const id = created.application.id;
    const [nome, obs] = created.fields as [
      ApplicationResponse["fields"][number],
      ApplicationResponse["fields"][number],
    ];
    // Give the owner a paid plan so deleting records is allowed (a free plan would reset its own record cap).
    await db().execute(
      sql`insert into subscriptions (user_id, tier, status) values (${user.id}, 'premium', 'active') on conflict (user_id) do update set tier = 'premium', status = 'active'`,
    );
    const long = "x".repeat(2000);
    const recordId = await insertSubmission(db(), {
      applicationId: id,
      ownerId: user.id,
      submitterId: user.id,
      answers: { [nome.id]: "Ana", [obs.id]: "igual" },
    });
    const edit = await client.put(`/api/applications/${id}/submissions/${recordId}`, {
      answers: { [nome.id]: long, [obs.id]: "igual" },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const edited = await entryOf(client, id, "record.updated");
    expect(edited.target).toBe(recordId);
    // The unchanged answer is not there; the long one is capped, saying so.
    expect(edited.before).toEqual({ [nome.id]: "Ana" });
    expect(edited.after).toEqual({ [nome.id]: { truncated: true, size: 2002, preview: expect.any(String) } });
    // The answer is named by its field, not by its position in the diff.
    expect(edited.fields).toEqual([
      { id: nome.id, labels: { "pt-BR": "Nome", en: "Nome", es: "Nome" }, removed: false },
    ]);
    await softDeleteFields(db(), id, [nome.id]);
    expect((await entryOf(client, id, "record.updated")).fields).toEqual([
      { id: nome.id, labels: { "pt-BR": "Nome", en: "Nome", es: "Nome" }, removed: true },
    ]);

    expect((await client.delete(`/api/applications/${id}/records/${recordId}`)).status).toBe(204);
    expect(await entryOf(client, id, "record.deleted")).toMatchObject({ target: recordId });

    for (const name of ["a", "b"])
      await insertSubmission(db(), {
        applicationId: id,
        ownerId: user.id,
        submitterId: user.id,
        answers: { [nome.id]: name },
      });
    expect((await client.delete(`/api/applications/${id}/submissions`)).status).toBe(200);
    expect(await entryOf(client, id, "data.cleared")).toMatchObject({
      before: { deletedSubmissions: 2, deletedResponses: 2 },
    });
  });

  it("plans: checkout completed, plan changed, canceled, resumed, past due (account entries of the owner)", async () => {
    const { client, user } = await person("plans");
    const checkout = (await (
      await client.post("/api/billing/checkout", { planName: "basico", billingCycle: "monthly" })
    ).json()) as { sessionId: string };
    expect((await client.post(`/api/billing/local/sessions/${checkout.sessionId}/pay`)).status).toBe(200);
    expect((await client.post("/api/billing/change-plan", { newPlan: "premium" })).status).toBe(200);
    expect((await client.post("/api/billing/cancel")).status).toBe(200);
    expect((await client.post("/api/billing/resume")).status).toBe(200);
    expect((await client.post("/api/billing/local/simulate", { event: "payment_failed" })).status).toBe(200);

    const { entries } = await page(client);
    const plan = entries.filter((entry) => entry.kind.startsWith("plan.")).reverse();
    expect(plan.map((entry) => entry.kind)).toEqual([
      "plan.checkout_completed",
      "plan.changed",
      "plan.canceled",
      "plan.resumed",
      "plan.past_due",
    ]);
    expect(plan[0]).toMatchObject({ application: null, before: { tier: "free" }, after: { tier: "basico" } });
    expect(plan[1]).toMatchObject({ actor: { id: user.id }, before: { tier: "basico" }, after: { tier: "premium" } });
    expect(plan[2]).toMatchObject({ before: { cancelAtPeriodEnd: false }, after: { cancelAtPeriodEnd: true } });
    expect(plan[4]).toMatchObject({ actor: null, before: { status: "active" }, after: { status: "past_due" } });
    // No provider ids or card details in the log.
    expect(JSON.stringify(plan)).not.toMatch(/4242|sub_|cus_|local_/);
  });

  describe("who reads what", () => {
    const ROLES = ["anonymous", "stranger", "collaborator", "admin", "owner", "superAdmin"] as const;
    type Role = (typeof ROLES)[number];
    const clients = {} as Record<Role, HttpClient>;
    let applicationId = "";
    let strangerApplicationId = "";

    beforeAll(async () => {
      clients.anonymous = server.client();
      const users = {} as Record<Exclude<Role, "anonymous">, { id: string; email: string }>;
      for (const role of ROLES.slice(1) as Exclude<Role, "anonymous">[]) {
        const made = await person(role === "superAdmin" ? "root" : `reader-${role}`);
        clients[role] = made.client;
        users[role] = made.user;
      }
      const created = await createApplicationVia(clients.owner, applicationForm("Lida"));
      applicationId = created.application.id;
      for (const [role, grant] of [
        ["collaborator", "collaborator"],
        ["admin", "admin_invited"],
      ] as const) {
        await grantRole(db(), {
          ownerId: users.owner.id,
          userId: users[role].id,
          email: users[role].email,
          applicationId,
          role: grant,
        });
      }
      await clients.owner.put(`/api/applications/${applicationId}`, applicationForm("Lida 2"));
      strangerApplicationId = (await createApplicationVia(clients.stranger, applicationForm("Do estranho"))).application
        .id;
    });

    const SEES: Record<Role, number | "mine"> = {
      anonymous: 401,
      stranger: "mine",
      collaborator: "mine",
      admin: 200,
      owner: 200,
      superAdmin: 200,
    };

    for (const role of ROLES) {
      it(`${role}: ${SEES[role] === 401 ? "401" : SEES[role] === "mine" ? "none of the application's entries" : "the application's entries"}`, async () => {
        const response = await clients[role].get(`/api/change-log?applicationId=${applicationId}`);
        if (SEES[role] === 401) {
          expect(response.status).toBe(401);
          expect((await clients[role].get("/api/change-log/filters")).status).toBe(401);
          return;
        }
        expect(response.status).toBe(200);
        const { entries } = (await response.json()) as ChangeLogPage;
        const filters = (await (await clients[role].get("/api/change-log/filters")).json()) as ChangeLogFilters;
        const everything = JSON.stringify(await page(clients[role], "?limit=100"));
        if (SEES[role] === "mine") {
          expect(entries).toEqual([]);
          expect(filters.applications.map((app) => app.id)).not.toContain(applicationId);
          expect(everything).not.toContain("Lida");
        } else {
          expect(entries.map((entry) => entry.kind)).toEqual(
            expect.arrayContaining(["application.created", "application.updated"]),
          );
          expect(filters.applications).toContainEqual({ id: applicationId, name: "Lida 2" });
        }
        // Only super admins read another owner's application that they have no role in.
        const foreign = await page(clients[role], `?applicationId=${strangerApplicationId}`);
        expect(foreign.entries.length > 0).toBe(role === "stranger" || role === "superAdmin");
      });
    }
  });

  it("filters by person and kind, pages with a cursor, and refuses bad input with 400", async () => {
    const { client, user } = await person("pager");
    const created = await createApplicationVia(client, applicationForm("Paginada"));
    const id = created.application.id;
    for (let n = 1; n <= 5; n++) await client.put(`/api/applications/${id}`, applicationForm(`Paginada ${n}`));
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const next: ChangeLogPage = await page(
        client,
        `?applicationId=${id}&actorId=${user.id}&kind=application.updated&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(next.entries.length).toBeLessThanOrEqual(2);
      seen.push(...next.entries.map((entry) => `${entry.kind} ${JSON.stringify(entry.after)}`));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual([5, 4, 3, 2, 1].map((n) => `application.updated {"name":"Paginada ${n}"}`));
    expect((await page(client, `?applicationId=${id}&kind=application.created`)).entries).toHaveLength(1);
    expect((await page(client, `?actorId=00000000-0000-4000-8000-000000000000`)).entries).toEqual([]);
    for (const bad of ["?kind=nope", "?limit=0", "?limit=101", "?applicationId=x", "?cursor=garbage"]) {
      const response = await client.get(`/api/change-log${bad}`);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
    }
  });
});
