import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { attachmentLinks, formSubmissions, submissionConflicts, userLimits } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  signUpMember,
  subscribe,
  textField,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import {
  createForm,
  pngBytes,
  record,
  sync,
  upload,
  validAnswers,
  type FormFixture,
} from "../../test-support/fixtures/sync-fixtures.ts";

const SUPER_ADMIN = "chefe@campo.test";

describe("POST /api/sync", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  let form: FormFixture;

  const db = () => server.context.database.db;
  const storedCount = async (applicationId: string) => {
    const [row] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(eq(formSubmissions.applicationId, applicationId));
    assert(row);
    return row.count;
  };
  const signedUp = async (email: string) => {
    const client = server.client();
    const user = await signUpAs(client, email);
    return { client, user };
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN, ...TRUST_PROXY_ENV } });
    ({
      client: owner,
      user: { id: ownerId },
    } = await signedUp("dona@campo.test"));
    // This owner's records must not count against the free cap tested below.
    await db().insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
    form = await createForm(db(), ownerId);
  });
  afterAll(() => server.stop());

  it("refuses anonymous callers", async () => {
    const response = await server
      .client()
      .post("/api/sync", { records: [record({ applicationId: form.applicationId, answers: {} })] });
    expect(response.status).toBe(401);
  });

  it("stores a batch once: the same batch again is acknowledged as duplicates and writes nothing", async () => {
    const records = Array.from({ length: 5 }, (_, index) =>
      record({ applicationId: form.applicationId, answers: validAnswers(form, index) }),
    );
    const first = await sync(owner, records);
    expect(first.status).toBe(200);
    expect(first.results).toEqual(records.map((r) => ({ id: r.id, status: "created" })));
    const countAfterFirst = await storedCount(form.applicationId);

    // Keys in another order hash the same: a retry never depends on serialisation details.
    const reordered = records.map((r) => ({
      clientCreatedAt: r.clientCreatedAt,
      location: r.location,
      answers: r.answers,
      applicationId: r.applicationId,
      id: r.id,
    }));
    const second = await sync(owner, reordered);
    expect(second.results).toEqual(records.map((r) => ({ id: r.id, status: "duplicate" })));
    expect(await storedCount(form.applicationId)).toBe(countAfterFirst);

    const [firstRecord] = records;
    assert(firstRecord);
    const [stored] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, firstRecord.id));
    expect(stored).toMatchObject({
      submitterId: ownerId,
      ownerId,
      answers: firstRecord.answers,
      latitude: -23.55052,
      status: "completed",
    });
  });

  it("answers a different payload under a stored id with conflict, keeps the original and records the conflict", async () => {
    const original = record({ applicationId: form.applicationId, answers: validAnswers(form, 1) });
    expect((await sync(owner, [original])).results[0]?.status).toBe("created");
    const changed = { ...original, answers: { ...original.answers, [form.fields.age]: 31 } };
    const { results } = await sync(owner, [changed]);
    expect(results).toEqual([{ id: original.id, status: "conflict", reason: "payload_mismatch" }]);
    const [stored] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, original.id));
    assert(stored);
    expect(stored.answers[form.fields.age]).toBe(30);
    const conflicts = await db()
      .select()
      .from(submissionConflicts)
      .where(eq(submissionConflicts.submissionId, original.id));
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]?.payload).toMatchObject({ answers: changed.answers });
    // The same conflicting payload again is answered the same way without piling up rows.
    await sync(owner, [changed]);
    expect(
      await db().select().from(submissionConflicts).where(eq(submissionConflicts.submissionId, original.id)),
    ).toHaveLength(1);
  });

  it("treats one id twice in a batch as a record and its retry", async () => {
    const once = record({ applicationId: form.applicationId, answers: validAnswers(form, 2) });
    const other = { ...once, answers: { ...once.answers, [form.fields.color]: "Verde" } };
    const { results } = await sync(owner, [once, once, other]);
    expect(results.map((r) => r.status)).toEqual(["created", "duplicate", "conflict"]);
  });

  it("rejects invalid records with the shared rules' errors, stores nothing and still accepts the rest", async () => {
    const before = await storedCount(form.applicationId);
    const missingName = record({ applicationId: form.applicationId, answers: { [form.fields.age]: 300 } });
    const unknownField = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [randomUUID()]: "x" },
    });
    const badChoice = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.color]: "Roxo" },
    });
    const malformed = { id: randomUUID(), applicationId: "not-a-uuid", answers: {}, clientCreatedAt: "yesterday" };
    const good = record({ applicationId: form.applicationId, answers: validAnswers(form, 3) });
    const { status, results } = await sync(owner, [missingName, unknownField, badChoice, malformed, good]);
    expect(status).toBe(200);
    expect(results[0]).toEqual({
      id: missingName.id,
      status: "rejected",
      reason: "invalid_answers",
      errors: {
        [form.fields.name]: { key: "required" },
        [form.fields.age]: { key: "numberRange", params: { min: 0, max: 120 } },
      },
    });
    expect(results[1]).toMatchObject({ status: "rejected", reason: "invalid_answers" });
    expect(Object.values(results[1]?.errors ?? {})).toEqual([{ key: "unknownField" }]);
    expect(results[2]).toMatchObject({
      status: "rejected",
      reason: "invalid_answers",
      errors: { [form.fields.color]: { key: "invalidOption" } },
    });
    expect(results[3]).toEqual({ id: malformed.id, status: "rejected", reason: "invalid_record" });
    expect(results[4]).toEqual({ id: good.id, status: "created" });
    expect(await storedCount(form.applicationId)).toBe(before + 1);
  });

  it("rejects a record with unstorable text or absurd nesting on its own and stores the valid ones beside it", async () => {
    const before = await storedCount(form.applicationId);
    let deep: unknown = "fundo";
    for (let level = 0; level < 3000; level++) deep = [deep];
    const nul = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.name]: "a\u0000b" },
    });
    const surrogate = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.name]: "\ud800x" },
    });
    const surrogateKey = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), "\udc00": "x" },
    });
    const nested = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.name]: deep },
    });
    const goodBefore = record({ applicationId: form.applicationId, answers: validAnswers(form, 7) });
    const goodAfter = record({ applicationId: form.applicationId, answers: validAnswers(form, 8) });
    const { status, results } = await sync(owner, [goodBefore, nul, surrogate, surrogateKey, nested, goodAfter]);
    expect(status).toBe(200);
    expect(results).toEqual([
      { id: goodBefore.id, status: "created" },
      { id: nul.id, status: "rejected", reason: "invalid_answers", formError: { key: "invalidCharacters" } },
      { id: surrogate.id, status: "rejected", reason: "invalid_answers", formError: { key: "invalidCharacters" } },
      { id: surrogateKey.id, status: "rejected", reason: "invalid_answers", formError: { key: "invalidCharacters" } },
      { id: nested.id, status: "rejected", reason: "invalid_answers", formError: { key: "invalidAnswers" } },
      { id: goodAfter.id, status: "created" },
    ]);
    expect(await storedCount(form.applicationId)).toBe(before + 2);
  });

  it("treats the same instant written +00:00 instead of Z as the same record (a duplicate, not a conflict)", async () => {
    const original = record({
      applicationId: form.applicationId,
      answers: validAnswers(form, 9),
      clientCreatedAt: "2026-05-02T08:30:00.000Z",
    });
    expect((await sync(owner, [original])).results[0]?.status).toBe("created");
    const respelled = {
      ...original,
      clientCreatedAt: "2026-05-02T08:30:00+00:00",
      location: { ...original.location, timestamp: "2026-05-01T09:00:00.000-03:00" },
    };
    expect((await sync(owner, [respelled])).results).toEqual([{ id: original.id, status: "duplicate" }]);
  });

  it("refuses records for applications the user cannot see, and batches over 100", async () => {
    const { client: stranger } = await signedUp("estranho@campo.test");
    const { results } = await sync(stranger, [
      record({ applicationId: form.applicationId, answers: validAnswers(form) }),
      record({ applicationId: randomUUID(), answers: {} }),
    ]);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ["rejected", "application_not_found"],
      ["rejected", "application_not_found"],
    ]);
    const tooMany = Array.from({ length: 101 }, () =>
      record({ applicationId: form.applicationId, answers: validAnswers(form) }),
    );
    expect((await owner.post("/api/sync", { records: tooMany })).status).toBe(400);
  });

  it("accepts media the submitter uploaded and links it; refuses someone else's upload", async () => {
    const photo = await upload(owner, pngBytes("own-photo"));
    const signature = await upload(owner, pngBytes("own-signature"));
    const withMedia = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.photo]: photo, [form.fields.signature]: signature },
    });
    expect((await sync(owner, [withMedia])).results[0]?.status).toBe("created");
    const links = await db().select().from(attachmentLinks).where(eq(attachmentLinks.attachmentId, photo.attachmentId));
    expect(links).toEqual([
      { attachmentId: photo.attachmentId, submissionId: withMedia.id, fieldId: form.fields.photo, ownerId },
    ]);

    const collaborator = server.client();
    await signUpMember(db(), collaborator, {
      email: "colab-midia@campo.test",
      ownerId,
      applicationId: form.applicationId,
    });
    const foreign = await upload(collaborator, pngBytes("collaborator-photo"));
    const borrowing = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.photo]: foreign },
    });
    const { results } = await sync(owner, [borrowing]);
    expect(results[0]).toMatchObject({
      status: "rejected",
      reason: "invalid_answers",
      errors: { [form.fields.photo]: { key: "invalidAttachment" } },
    });
    expect(
      await db().select().from(attachmentLinks).where(eq(attachmentLinks.attachmentId, foreign.attachmentId)),
    ).toEqual([]);
  });

  describe("the free plan's record cap", () => {
    it("creates 10 records across the owner's applications, then blocks with limit_reached", async () => {
      const { client: freeOwner, user } = await signedUp("gratis@campo.test");
      const first = await createForm(db(), user.id);
      const second = await createForm(db(), user.id);
      const batchA = Array.from({ length: 6 }, (_, i) =>
        record({ applicationId: first.applicationId, answers: validAnswers(first, i) }),
      );
      const batchB = Array.from({ length: 6 }, (_, i) =>
        record({ applicationId: second.applicationId, answers: validAnswers(second, i) }),
      );
      expect((await sync(freeOwner, batchA)).results.every((r) => r.status === "created")).toBe(true);
      const { results } = await sync(freeOwner, batchB);
      expect(results.map((r) => r.status)).toEqual(["created", "created", "created", "created", "blocked", "blocked"]);
      expect(results[4]).toEqual({ id: batchB[4]?.id, status: "blocked", reason: "limit_reached" });
      expect((await storedCount(first.applicationId)) + (await storedCount(second.applicationId))).toBe(10);
      // A blocked record's retry stays blocked (not a duplicate: it was never stored).
      expect((await sync(freeOwner, [batchB[5]])).results[0]?.status).toBe("blocked");
    });

    it("never passes 10 when two collectors of one owner sync in parallel", async () => {
      const { user } = await signedUp("dono-paralelo@campo.test");
      const shared = await createForm(db(), user.id);
      const collectors: { client: HttpClient }[] = [];
      for (const email of ["c1@campo.test", "c2@campo.test"]) {
        const client = server.client();
        await signUpMember(db(), client, { email, ownerId: user.id, applicationId: shared.applicationId });
        collectors.push({ client });
      }
      const responses = await Promise.all(
        collectors.map(({ client }) =>
          sync(
            client,
            Array.from({ length: 8 }, (_, i) =>
              record({ applicationId: shared.applicationId, answers: validAnswers(shared, i) }),
            ),
          ),
        ),
      );
      const statuses = responses.flatMap((response) => response.results.map((r) => r.status));
      expect(statuses.filter((s) => s === "created")).toHaveLength(10);
      expect(statuses.filter((s) => s === "blocked")).toHaveLength(6);
      expect(await storedCount(shared.applicationId)).toBe(10);
    });

    it("counts records ever created: deleting a full application does not hand out new free records", async () => {
      const { client: freeOwner, user } = await signedUp("apaga-e-recomeca@campo.test");
      const firstApp = await createApplicationVia(freeOwner, applicationForm("Primeiro", [textField("Nome")]));
      const first = firstApp.application.id;
      assert(firstApp.fields[0]);
      const fill = (applicationId: string, fieldId: string, count: number) =>
        Array.from({ length: count }, (_, i) => record({ applicationId, answers: { [fieldId]: `Pessoa ${i}` } }));
      expect(
        (await sync(freeOwner, fill(first, firstApp.fields[0].id, 10))).results.every((r) => r.status === "created"),
      ).toBe(true);
      expect((await freeOwner.delete(`/api/applications/${first}`)).status).toBe(204);

      const second = await createApplicationVia(freeOwner, applicationForm("Segundo", [textField("Nome")]));
      assert(second.fields[0]);
      const { results } = await sync(freeOwner, fill(second.application.id, second.fields[0].id, 1));
      expect(results[0]).toMatchObject({ status: "blocked", reason: "limit_reached" });
      expect(await storedCount(second.application.id)).toBe(0);
      const usage = (await (await freeOwner.get("/api/usage")).json()) as { usage: { submissions: number } };
      expect(usage.usage.submissions).toBe(10);
      const limit = await (await freeOwner.get(`/api/applications/${second.application.id}/limit`)).json();
      expect(limit).toMatchObject({ currentSubmissions: 10, maxSubmissions: 10, hasReachedLimit: true });

      // The same history on a paid plan: nothing is blocked.
      await subscribe(db(), user.id, "basico");
      expect(
        (await sync(freeOwner, fill(second.application.id, second.fields[0].id, 3))).results.every(
          (r) => r.status === "created",
        ),
      ).toBe(true);
    });

    it("does not limit a super admin owner", async () => {
      const { client: boss, user } = await signedUp(SUPER_ADMIN);
      const unlimited = await createForm(db(), user.id);
      const records = Array.from({ length: 15 }, (_, i) =>
        record({ applicationId: unlimited.applicationId, answers: validAnswers(unlimited, i) }),
      );
      expect((await sync(boss, records)).results.every((r) => r.status === "created")).toBe(true);
      expect(await storedCount(unlimited.applicationId)).toBe(15);
    });
  });
});
