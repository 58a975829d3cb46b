import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { formFields } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { record, sync, validAnswers, formWithCollector } from "../../test-support/fixtures/sync-fixtures.ts";
import type { TeamMembersResponse } from "../../../shared/team/team-dtos.ts";

/**
 * What a server keeps between sync requests (the compiled form of an application, sessions' lookups) must never
 * outlive a change: each change below counts on the collector's very next batch. The form is changed straight in
 * the database, as another server process would change it, so no in-process invalidation can be what makes it count.
 */
describe("POST /api/sync after a change of form, role or session", () => {
  let server: TestServer;
  const db = () => server.context.database.db;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const memberIdOf = async (owner: HttpClient, email: string) => {
    const response = await owner.get("/api/team/members?owner=me");
    expect(response.status).toBe(200);
    const member = ((await response.json()) as TeamMembersResponse).members.find((m) => m.email === email);
    assert(member, `${email} is a member`);
    return member.id;
  };

  it("checks a batch against the form as stored now, however often the form was read before", async () => {
    const { form, collector } = await formWithCollector(server, {
      owner: "dona-forma@campo.test",
      collector: "coletor-forma@campo.test",
    });
    const withoutAge = () => {
      const answers = validAnswers(form);
      delete answers[form.fields.age];
      return record({ applicationId: form.applicationId, answers });
    };
    for (let i = 0; i < 3; i++)
      expect((await sync(collector.client, [withoutAge()])).results[0]?.status).toBe("created");

    await db()
      .update(formFields)
      .set({ config: { minValue: 0, maxValue: 120, format: "integer", required: true } })
      .where(eq(formFields.id, form.fields.age));
    expect((await sync(collector.client, [withoutAge()])).results[0]).toMatchObject({
      status: "rejected",
      reason: "invalid_answers",
      errors: { [form.fields.age]: { key: "required" } },
    });

    await db().update(formFields).set({ deletedAt: new Date() }).where(eq(formFields.id, form.fields.age));
    expect((await sync(collector.client, [withoutAge()])).results[0]?.status).toBe("created");
  });

  it("refuses a deactivated or removed member, and a signed-out session, on the next batch", async () => {
    const { owner, form, collector } = await formWithCollector(server, {
      owner: "dona-acesso@campo.test",
      collector: "coletor-acesso@campo.test",
    });
    const batch = () => [record({ applicationId: form.applicationId, answers: validAnswers(form) })];
    expect((await sync(collector.client, batch())).results[0]?.status).toBe("created");
    const memberId = await memberIdOf(owner.client, collector.email);

    expect((await owner.client.patch(`/api/team/members/${memberId}`, { status: "inactive" })).status).toBe(200);
    expect((await sync(collector.client, batch())).results[0]).toMatchObject({
      status: "rejected",
      reason: "application_not_found",
    });
    expect((await owner.client.patch(`/api/team/members/${memberId}`, { status: "active" })).status).toBe(200);
    expect((await sync(collector.client, batch())).results[0]?.status).toBe("created");

    const removed = await owner.client.delete(`/api/team/members/${memberId}/applications/${form.applicationId}`);
    expect(removed.status).toBe(204);
    expect((await sync(collector.client, batch())).results[0]).toMatchObject({
      status: "rejected",
      reason: "application_not_found",
    });

    expect((await sync(owner.client, batch())).results[0]?.status).toBe("created");
    expect((await owner.client.post("/api/auth/sign-out")).status).toBe(200);
    expect((await sync(owner.client, batch())).status).toBe(401);
  });
});
