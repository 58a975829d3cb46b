import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions, submissionVersions } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  signUpAs,
  signUpMember,
  subscribe,
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

const SUPER_ADMIN = "raiz@campo.test";

interface SubmissionBody {
  submission: {
    id: string;
    answers: Record<string, unknown>;
    location: { latitude: number } | null;
    submitterId: string;
    updatedAt: string;
  };
}

describe("one record: read, edit and the owner's limit", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  let collaborator: HttpClient;
  let other: HttpClient;
  let form: FormFixture;
  let recordId: string;
  let original: ReturnType<typeof record>;
  const db = () => server.context.database.db;
  const path = (id = recordId) => `/api/applications/${form.applicationId}/submissions/${id}`;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN, ...TRUST_PROXY_ENV } });
    owner = server.client();
    ownerId = (await signUpAs(owner, "dona-registro@campo.test")).id;
    form = await createForm(db(), ownerId);
    collaborator = server.client();
    other = server.client();
    for (const [client, email] of [
      [collaborator, "colab-registro@campo.test"],
      [other, "outro-colab@campo.test"],
    ] as const) {
      await signUpMember(db(), client, { email, ownerId, applicationId: form.applicationId });
    }
    original = record({ applicationId: form.applicationId, answers: validAnswers(form, 1) });
    expect((await sync(collaborator, [original])).results[0]?.status).toBe("created");
    recordId = original.id;
  });
  afterAll(() => server.stop());

  it("lets the submitter and the owner read the record, not another collaborator", async () => {
    const mine = await collaborator.get(path());
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as SubmissionBody;
    expect(body.submission).toMatchObject({
      id: recordId,
      answers: validAnswers(form, 1),
      location: { latitude: -23.55052 },
    });
    expect(body.submission).not.toHaveProperty("payloadHash");
    expect(body.submission).not.toHaveProperty("ownerId");
    expect((await owner.get(path())).status).toBe(200);
    const hidden = await other.get(path());
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({
      error: { code: "SUBMISSION_NOT_FOUND", message: "Registro não encontrado" },
    });
    expect((await owner.get(path("00000000-0000-4000-8000-000000000000"))).status).toBe(404);
  });

  it("lets the submitter edit, keeping the previous answers and location as a version", async () => {
    const answers = { ...validAnswers(form, 1), [form.fields.age]: 45 };
    const edited = await collaborator.put(path(), {
      answers,
      location: { latitude: 1, longitude: 2, accuracy: 5, timestamp: "2026-05-02T10:00:00.000Z" },
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as SubmissionBody).submission).toMatchObject({ answers, location: { latitude: 1 } });
    const versions = await db().select().from(submissionVersions).where(eq(submissionVersions.submissionId, recordId));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ answers: validAnswers(form, 1), latitude: -23.55052 });

    const refused = await other.put(path(), { answers });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "FORBIDDEN", message: "Você não tem permissão para editar este registro" },
    });
    const invalid = await collaborator.put(path(), { answers: { [form.fields.age]: 999 } });
    expect(invalid.status).toBe(400);
    expect((await collaborator.put(path("00000000-0000-4000-8000-000000000000"), { answers })).status).toBe(404);
    expect(
      await db().select().from(submissionVersions).where(eq(submissionVersions.submissionId, recordId)),
    ).toHaveLength(1);

    // The synced payload keeps its identity: a late retry of the original upload is still a duplicate.
    expect((await sync(collaborator, [original])).results[0]?.status).toBe("duplicate");
    const [stored] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, recordId));
    assert(stored);
    expect(stored.answers[form.fields.age]).toBe(45);
  });

  it("reports the owner's record cap to the application's readers", async () => {
    const response = await collaborator.get(`/api/applications/${form.applicationId}/limit`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      isSubscribed: false,
      tier: "free",
      currentSubmissions: 1,
      maxSubmissions: 10,
      isNearLimit: false,
      hasReachedLimit: false,
      isSuperAdminOwner: false,
      viewerIsOwner: false,
    });
    expect(
      ((await (await owner.get(`/api/applications/${form.applicationId}/limit`)).json()) as { viewerIsOwner: boolean })
        .viewerIsOwner,
    ).toBe(true);
    const stranger = server.client();
    await signUpAs(stranger, "estranho-limite@campo.test");
    expect((await stranger.get(`/api/applications/${form.applicationId}/limit`)).status).toBe(404);

    await subscribe(db(), ownerId, "basico");
    expect(await (await owner.get(`/api/applications/${form.applicationId}/limit`)).json()).toMatchObject({
      isSubscribed: true,
      tier: "basico",
      maxSubmissions: null,
      hasReachedLimit: false,
    });

    const boss = server.client();
    const bossId = (await signUpAs(boss, SUPER_ADMIN)).id;
    const bossForm = await createForm(db(), bossId);
    expect(await (await boss.get(`/api/applications/${bossForm.applicationId}/limit`)).json()).toMatchObject({
      isSuperAdminOwner: true,
      maxSubmissions: null,
      viewerIsOwner: true,
    });
  });

  it("lets the owner correct a collaborator's record, keeping the collaborator's photo", async () => {
    const photo = await upload(collaborator, pngBytes("collaborator-record-photo"));
    const withPhoto = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form, 2), [form.fields.photo]: photo },
    });
    expect((await sync(collaborator, [withPhoto])).results[0]?.status).toBe("created");

    const corrected = { ...validAnswers(form, 2), [form.fields.age]: 31, [form.fields.photo]: photo };
    const edited = await owner.put(path(withPhoto.id), { answers: corrected });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as SubmissionBody).submission.answers).toEqual(corrected);
    // Someone else's upload is still refused when the record did not hold it.
    const foreign = await upload(other, pngBytes("other-collaborator-photo"));
    const refused = await owner.put(path(withPhoto.id), { answers: { ...corrected, [form.fields.photo]: foreign } });
    expect(refused.status).toBe(400);
  });
});
