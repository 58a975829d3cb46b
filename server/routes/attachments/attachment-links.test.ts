import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { attachmentLinks, attachments } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { grantRole, signUpAs, subscribe, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import {
  createForm,
  pngBytes,
  record,
  sync,
  upload,
  validAnswers,
  type FormFixture,
  type UploadedMedia,
} from "../../test-support/fixtures/sync-fixtures.ts";

interface Person {
  client: HttpClient;
  id: string;
  email: string;
}

/**
 * The same bytes uploaded by one user are one attachment however many records and fields use them: each use is
 * a link, readers of any linking record may read it, and it goes only when the last record using it goes.
 */
describe("media shared by several records", () => {
  let server: TestServer;
  let owner: Person;
  let collector: Person;
  let bothAdmin: Person;
  let secondAdmin: Person;
  let otherCollaborator: Person;
  let first: FormFixture;
  let second: FormFixture;
  const db = () => server.context.database.db;

  async function person(email: string): Promise<Person> {
    const client = server.client();
    const user = await signUpAs(client, email);
    return { client, ...user };
  }

  async function grant(member: Person, form: FormFixture, role: "admin_invited" | "collaborator") {
    await grantRole(db(), {
      ownerId: owner.id,
      userId: member.id,
      email: member.email,
      applicationId: form.applicationId,
      role,
    });
  }

  const statusFor = async (reader: Person, attachmentId: string) =>
    (await reader.client.get(`/api/attachments/${attachmentId}`)).status;
  const linksOf = (attachmentId: string) =>
    db().select().from(attachmentLinks).where(eq(attachmentLinks.attachmentId, attachmentId));
  const storedRow = async (attachmentId: string) =>
    (await db().select().from(attachments).where(eq(attachments.id, attachmentId)))[0];

  /** The collector's record in `form` with `media` as its photo (and, when asked, its signature too). */
  async function syncWith(form: FormFixture, media: UploadedMedia, alsoSignature = false): Promise<string> {
    const answers = {
      ...validAnswers(form),
      [form.fields.photo]: media,
      ...(alsoSignature ? { [form.fields.signature]: media } : {}),
    };
    const created = record({ applicationId: form.applicationId, answers });
    expect((await sync(collector.client, [created])).results[0]?.status).toBe("created");
    return created.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = await person("dona-compartilhada@campo.test");
    // Deleting records needs the owner's paid plan.
    await subscribe(db(), owner.id, "basico");
    first = await createForm(db(), owner.id);
    second = await createForm(db(), owner.id);
    [collector, bothAdmin, secondAdmin, otherCollaborator] = await Promise.all([
      person("coletor-compartilhado@campo.test"),
      person("admin-ambos@campo.test"),
      person("admin-segundo@campo.test"),
      person("outra-colab@campo.test"),
    ]);
    for (const form of [first, second]) {
      await grant(collector, form, "collaborator");
      await grant(bothAdmin, form, "admin_invited");
      await grant(otherCollaborator, form, "collaborator");
    }
    await grant(secondAdmin, second, "admin_invited");
  });
  afterAll(() => server.stop());

  it("links every use, serves it to readers of any linking record, and drops it with the last one", async () => {
    const bytes = pngBytes("same-bytes-twice");
    const photo = await upload(collector.client, bytes);
    // The device uploads the bytes again for the second record: same attachment.
    const again = await upload(collector.client, bytes);
    expect(again.attachmentId).toBe(photo.attachmentId);
    const unlinked = await upload(collector.client, pngBytes("waiting-for-its-record"));

    const firstRecord = await syncWith(first, photo);
    const secondRecord = await syncWith(second, again, true);
    expect((await linksOf(photo.attachmentId)).map((link) => [link.submissionId, link.fieldId]).sort()).toEqual(
      [
        [firstRecord, first.fields.photo],
        [secondRecord, second.fields.photo],
        [secondRecord, second.fields.signature],
      ].sort(),
    );

    // The second application's administrator reads only the second record, and through it the media.
    const detail = await secondAdmin.client.get(`/api/applications/${second.applicationId}/records/${secondRecord}`);
    expect(detail.status).toBe(200);
    const { answers } = ((await detail.json()) as { record: { answers: Record<string, unknown> } }).record;
    expect(answers[second.fields.photo]).toMatchObject({ attachmentId: photo.attachmentId });
    expect(answers[second.fields.signature]).toMatchObject({ attachmentId: photo.attachmentId });
    expect(
      (await secondAdmin.client.get(`/api/applications/${first.applicationId}/records/${firstRecord}`)).status,
    ).toBe(404);
    const streamed = await secondAdmin.client.get(`/api/attachments/${photo.attachmentId}`);
    expect(streamed.status).toBe(200);
    expect(Buffer.from(await streamed.arrayBuffer()).equals(bytes)).toBe(true);
    for (const reader of [collector, owner, bothAdmin]) expect(await statusFor(reader, photo.attachmentId)).toBe(200);
    // A collaborator sees their own records only: neither record, so not the media either.
    expect(await statusFor(otherCollaborator, photo.attachmentId)).toBe(404);

    // Stored once, so counted once in the owner's storage.
    const usage = (await (await owner.client.get("/api/usage")).json()) as { usage: { storageBytes: number } };
    expect(usage.usage.storageBytes).toBe(bytes.length);

    expect((await owner.client.delete(`/api/applications/${first.applicationId}/records/${firstRecord}`)).status).toBe(
      204,
    );
    expect(await storedRow(photo.attachmentId)).toBeDefined();
    expect(await linksOf(photo.attachmentId)).toHaveLength(2);
    for (const reader of [secondAdmin, bothAdmin, owner, collector])
      expect(await statusFor(reader, photo.attachmentId)).toBe(200);

    expect(
      (await owner.client.delete(`/api/applications/${second.applicationId}/records/${secondRecord}`)).status,
    ).toBe(204);
    expect(await storedRow(photo.attachmentId)).toBeUndefined();
    for (const reader of [secondAdmin, bothAdmin, owner, collector])
      expect(await statusFor(reader, photo.attachmentId)).toBe(404);
    // An upload whose record has not synced yet is not anybody's leftover.
    expect(await storedRow(unlinked.attachmentId)).toBeDefined();
    expect(await statusFor(collector, unlinked.attachmentId)).toBe(200);
  });

  it("clearing one application's data keeps media a record of another application still uses", async () => {
    const shared = await upload(collector.client, pngBytes("shared-across-applications"));
    const onlyFirst = await upload(collector.client, pngBytes("only-in-the-first"));
    await syncWith(first, shared);
    await syncWith(first, onlyFirst);
    const kept = await syncWith(second, shared);

    const cleared = await owner.client.delete(`/api/applications/${first.applicationId}/submissions`);
    expect(cleared.status).toBe(200);
    expect(await storedRow(onlyFirst.attachmentId)).toBeUndefined();
    expect((await linksOf(shared.attachmentId)).map((link) => link.submissionId)).toEqual([kept]);
    expect(await statusFor(secondAdmin, shared.attachmentId)).toBe(200);

    // Deleting the application that holds the last use removes it too, whatever cascade took the link.
    expect((await owner.client.delete(`/api/applications/${second.applicationId}`)).status).toBe(204);
    expect(await storedRow(shared.attachmentId)).toBeUndefined();
  });
});
