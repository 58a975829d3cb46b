import { and, eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { auditLog, formSubmissions, profiles, submissionComments } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { decodedBody, decodedSubject, startSmtpSink, type SmtpSink } from "../../test-support/smtp-sink.ts";
import { signUpAs, signUpMember, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import {
  createForm,
  pngBytes,
  record,
  sync,
  upload,
  validAnswers,
  type FormFixture,
} from "../../test-support/fixtures/sync-fixtures.ts";
import type { RecordHistoryDto, ReviewThreadDto } from "../../../shared/records/record-review.ts";
import type { RecordPage } from "../../../shared/records/record-view.ts";

describe("record history and review", () => {
  let smtp: SmtpSink;
  let server: TestServer;
  let owner: HttpClient;
  let admin: HttpClient;
  let collaborator: HttpClient;
  let other: HttpClient;
  const ids = {} as Record<"owner" | "admin" | "collaborator" | "other", string>;
  let form: FormFixture;
  let recordId: string;
  const db = () => server.context.database.db;
  const path = (suffix = "", id = recordId) => `/api/applications/${form.applicationId}/submissions/${id}${suffix}`;
  const history = async (client: HttpClient) => {
    const response = await client.get(path("/history"));
    expect(response.status).toBe(200);
    return (await response.json()) as RecordHistoryDto;
  };
  const stored = async () => {
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, recordId));
    assert(row);
    return row;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, SMTP_URL: smtp.url } });
    owner = server.client();
    admin = server.client();
    collaborator = server.client();
    other = server.client();
    ids.owner = (await signUpAs(owner, "dona-revisao@campo.test")).id;
    form = await createForm(db(), ids.owner, "Vistoria de poços");
    for (const [key, client, role] of [
      ["admin", admin, "admin_invited"],
      ["collaborator", collaborator, "collaborator"],
      ["other", other, "collaborator"],
    ] as const) {
      const email = `${key}-revisao@campo.test`;
      ids[key] = (
        await signUpMember(db(), client, { email, ownerId: ids.owner, applicationId: form.applicationId, role })
      ).id;
    }
    const synced = record({ applicationId: form.applicationId, answers: validAnswers(form, 1) });
    expect((await sync(collaborator, [synced])).results[0]?.status).toBe("created");
    recordId = synced.id;
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it("keeps a version per edit and shows each edit as a per-field diff with labels, media and location", async () => {
    const photo = await upload(collaborator, pngBytes("history-photo"));
    const first = { ...validAnswers(form, 1), [form.fields.age]: 45 };
    expect((await collaborator.put(path(), { answers: first })).status).toBe(200);
    const second = { ...first, [form.fields.photo]: photo, [form.fields.color]: "Verde" };
    const location = { latitude: -22.9, longitude: -43.2, accuracy: 5, timestamp: "2026-05-02T10:00:00.000Z" };
    expect((await collaborator.put(path(), { answers: second, location })).status).toBe(200);

    const { versions } = await history(owner);
    expect(versions.map((version) => [version.number, version.current, version.author?.id])).toEqual([
      [1, false, ids.collaborator],
      [2, false, ids.collaborator],
      [3, true, ids.collaborator],
    ]);
    expect(versions[0]?.changes).toEqual([]);
    expect(versions[1]?.changes.map((change) => [change.field.label, change.before, change.after])).toEqual([
      ["Idade", 30, 45],
    ]);
    expect(versions[2]?.changes.map((change) => [change.field.label, change.before, change.after])).toEqual([
      ["Cor", "Azul", "Verde"],
      ["Foto", null, photo],
    ]);
    expect(versions[2]?.locationChange).toEqual({
      before: { latitude: -23.55052, longitude: -46.633308 },
      after: { latitude: -22.9, longitude: -43.2 },
    });
    expect(versions[1]?.id).toEqual(expect.any(String));
    expect(versions[2]?.id).toBeNull();
    // The submitter reads the history of their own record; another collaborator cannot see it at all.
    expect((await history(collaborator)).versions).toHaveLength(3);
    expect((await other.get(path("/history"))).status).toBe(404);
  });

  it("lets an application admin restore a version as a new one, losing nothing, with an audit entry", async () => {
    const before = await history(owner);
    const original = before.versions[0];
    assert(original?.id);
    const restorePath = path(`/history/${original.id}/restore`);
    expect((await collaborator.post(restorePath)).status).toBe(403);
    expect((await other.post(restorePath)).status).toBe(404);
    expect((await owner.post(path("/history/00000000-0000-4000-8000-000000000000/restore"))).status).toBe(404);
    expect((await owner.post(path("/history/not-a-version/restore"))).status).toBe(404);
    expect((await history(owner)).versions).toHaveLength(3);

    const response = await admin.post(restorePath);
    expect(response.status).toBe(200);
    const { versions } = (await response.json()) as RecordHistoryDto;
    expect(versions).toHaveLength(4);
    // Versions 1-3 are untouched; 4 is the restore, made by the admin.
    expect(versions.slice(0, 3).map((version) => version.changes)).toEqual(before.versions.map((v) => v.changes));
    expect(versions[3]).toMatchObject({ number: 4, current: true, restoredFrom: 1, author: { id: ids.admin } });
    expect(versions[3]?.changes.map((change) => change.field.label)).toEqual(["Idade", "Cor", "Foto"]);
    const row = await stored();
    expect(row.answers).toEqual(validAnswers(form, 1));
    expect([row.latitude, row.longitude]).toEqual([-23.55052, -46.633308]);
    expect(row.reviewState).toBe("edited");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "record.restored"), eq(auditLog.target, recordId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: ids.admin, applicationId: form.applicationId });
  });

  it("lets admins set a review state with a comment; collaborators are refused, outsiders see nothing", async () => {
    const review = { state: "has_issues", comment: "A foto do poço está desfocada; tire outra." };
    const refused = await collaborator.post(path("/review"), review);
    expect(refused.status).toBe(403);
    expect((await other.post(path("/review"), review)).status).toBe(404);
    // `edited` and `received` follow from what happens to a record: nobody sets them by hand.
    for (const bad of [{ state: "edited", comment: "x" }, { state: "approved", comment: "  " }, {}]) {
      expect((await owner.post(path("/review"), bad)).status).toBe(400);
    }
    expect((await stored()).reviewState).toBe("edited");
    expect(await db().select().from(submissionComments).where(eq(submissionComments.submissionId, recordId))).toEqual(
      [],
    );

    await db().update(profiles).set({ locale: "en" }).where(eq(profiles.userId, ids.collaborator));
    const before = smtp.received.length;
    const response = await admin.post(path("/review"), review);
    expect(response.status).toBe(200);
    const thread = (await response.json()) as ReviewThreadDto;
    expect(thread.reviewState).toBe("has_issues");
    expect(thread.comments).toEqual([
      expect.objectContaining({
        body: review.comment,
        reviewState: "has_issues",
        author: expect.objectContaining({ id: ids.admin }),
      }),
    ]);
    const row = await stored();
    expect(row).toMatchObject({ reviewState: "has_issues", reviewedBy: ids.admin });

    // The collector gets an e-mail in their language, over SMTP, with the comment and a link to the record.
    // (Their welcome e-mail may still be arriving: the job queue delivers it whenever it gets to it.)
    const mail = await smtp.next(
      (message) =>
        message.to.includes("collaborator-revisao@campo.test") && !decodedSubject(message.raw).startsWith("Bem-vindo"),
      before,
    );
    expect(decodedSubject(mail.raw)).toBe("A record has issues in Vistoria de poços");
    const body = decodedBody(mail.raw);
    expect(body).toContain(review.comment);
    expect(body).toContain(`/applications/${form.applicationId}/data?record=${recordId}`);
  });

  it("shows the thread to the record's collaborator, who may answer; other collaborators see nothing", async () => {
    const seen = await collaborator.get(path("/comments"));
    expect(seen.status).toBe(200);
    expect(((await seen.json()) as ReviewThreadDto).comments.map((comment) => comment.reviewState)).toEqual([
      "has_issues",
    ]);
    expect((await other.get(path("/comments"))).status).toBe(404);
    expect((await other.post(path("/comments"), { body: "intrometido" })).status).toBe(404);
    expect((await collaborator.post(path("/comments"), { body: "" })).status).toBe(400);
    const posted = await collaborator.post(path("/comments"), { body: "Vou refazer a foto amanhã." });
    expect(posted.status).toBe(201);
    const thread = (await (await owner.get(path("/comments"))).json()) as ReviewThreadDto;
    expect(thread.comments.map((comment) => [comment.author?.id, comment.body, comment.reviewState])).toEqual([
      [ids.admin, "A foto do poço está desfocada; tire outra.", "has_issues"],
      [ids.collaborator, "Vou refazer a foto amanhã.", null],
    ]);
  });

  it("returns a fixed 'has issues' record to 'edited', and the list, filter and export follow the state", async () => {
    const records = async (query: string) => {
      const response = await owner.get(`/api/applications/${form.applicationId}/records?${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as RecordPage).records;
    };
    expect((await records("review=has_issues")).map((r) => [r.id, r.reviewState])).toEqual([[recordId, "has_issues"]]);
    const fixed = { ...validAnswers(form, 1), [form.fields.age]: 31 };
    expect((await collaborator.put(path(), { answers: fixed })).status).toBe(200);
    expect((await stored()).reviewState).toBe("edited");
    expect(await records("review=has_issues")).toEqual([]);
    expect((await records("review=edited")).map((r) => r.id)).toEqual([recordId]);
    expect((await owner.get(`/api/applications/${form.applicationId}/records?review=done`)).status).toBe(400);

    const csv = await (await owner.get(`/api/applications/${form.applicationId}/export.csv?review=edited`)).text();
    const [header, line, extra] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toContain("Situação da revisão");
    expect(line).toContain(",Editado,");
    expect(extra).toBeUndefined();
    const none = await (await owner.get(`/api/applications/${form.applicationId}/export.csv?review=approved`)).text();
    expect(
      none
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toHaveLength(1);
  });
});
