import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ownerMedia } from "../../db/schema/index.ts";
import { queryRows } from "../../db/query-rows.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  createForm,
  formWithCollector,
  pngBytes,
  record,
  sync,
  upload,
  validAnswers,
} from "../../test-support/fixtures/sync-fixtures.ts";
import type { FormFixture, FormWithCollector, UploadedMedia } from "../../test-support/fixtures/sync-fixtures.ts";
import { grantRole, signUpAs, subscribe, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";

/**
 * The owner's storage is kept as a running sum (owner_media and owner_usage.storage_bytes, by triggers on the links)
 * instead of being added up on every upload. After each step it must equal what adding up gives: the distinct bytes
 * the owner's records link, each counted once.
 */
describe("the owner's stored bytes", () => {
  let server: TestServer;
  let team: FormWithCollector;
  let second: { client: HttpClient; id: string };
  const db = () => server.context.database.db;

  /** What the storage check added up on every upload before the running sum: the reference. */
  async function addedUp(ownerId: string): Promise<number> {
    const [row] = await queryRows<{ bytes: string }>(
      db(),
      sql`select coalesce(sum(bytes), 0)::text as bytes from (
            select distinct on (a.sha256) a.bytes from attachments a
            join attachment_links l on l.attachment_id = a.id
            join form_submissions s on s.id = l.submission_id
            where s.owner_id = ${ownerId}) stored`,
    );
    return Number(row?.bytes ?? 0);
  }

  async function shown(client: HttpClient): Promise<number> {
    const response = await client.get("/api/usage");
    expect(response.status).toBe(200);
    return ((await response.json()) as { usage: { storageBytes: number } }).usage.storageBytes;
  }

  /** The usage page's figure, checked against adding up. */
  async function stored(): Promise<number> {
    const bytes = await shown(team.owner.client);
    expect(bytes).toBe(await addedUp(team.owner.id));
    return bytes;
  }

  async function syncPhoto(
    client: HttpClient,
    form: FormFixture,
    photo: UploadedMedia,
    signature?: UploadedMedia,
  ): Promise<string> {
    const answers = {
      ...validAnswers(form),
      [form.fields.photo]: photo,
      ...(signature ? { [form.fields.signature]: signature } : {}),
    };
    const created = record({ applicationId: form.applicationId, answers });
    expect((await sync(client, [created])).results).toEqual([{ id: created.id, status: "created" }]);
    return created.id;
  }

  const deleteRecord = async (id: string) =>
    expect((await team.owner.client.delete(`/api/applications/${team.form.applicationId}/records/${id}`)).status).toBe(
      204,
    );

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    team = await formWithCollector(server, {
      owner: "dona-armazenamento@campo.test",
      collector: "coletor-a@campo.test",
    });
    // Deleting records and clearing data need a paid plan.
    await subscribe(db(), team.owner.id, "basico");
    second = { client: server.client(), id: "" };
    const { id, email } = await signUpAs(second.client, "coletor-b@campo.test");
    second.id = id;
    await grantRole(db(), {
      ownerId: team.owner.id,
      userId: id,
      email,
      applicationId: team.form.applicationId,
      role: "collaborator",
    });
  });
  afterAll(() => server.stop());

  it("counts each content once, keeps it while any record uses it, and releases it with the last", async () => {
    const { form, collector } = team;
    expect(await stored()).toBe(0);
    const a = pngBytes("a".repeat(1000));
    const b = pngBytes("b".repeat(2000));
    const c = pngBytes("c".repeat(4000));

    // An upload no record uses yet is not the owner's storage.
    const photoA = await upload(collector.client, a);
    expect(await stored()).toBe(0);

    const first = await syncPhoto(collector.client, form, photoA);
    const again = await syncPhoto(collector.client, form, photoA, photoA);
    expect(await stored()).toBe(a.length);
    // The other collector's own copy of the same bytes costs nothing more.
    const copy = await syncPhoto(second.client, form, await upload(second.client, a));
    expect(await stored()).toBe(a.length);

    const withB = await syncPhoto(collector.client, form, await upload(collector.client, b));
    expect(await stored()).toBe(a.length + b.length);

    // An edit to another photo keeps the earlier one for the record's history.
    const edited = await collector.client.put(`/api/applications/${form.applicationId}/submissions/${withB}`, {
      answers: { ...validAnswers(form), [form.fields.photo]: await upload(collector.client, c) },
    });
    expect(edited.status).toBe(200);
    expect(await stored()).toBe(a.length + b.length + c.length);

    await deleteRecord(first);
    await deleteRecord(again);
    expect(await stored()).toBe(a.length + b.length + c.length);
    await deleteRecord(copy);
    expect(await stored()).toBe(b.length + c.length);
    await deleteRecord(withB);
    expect(await stored()).toBe(0);
    expect(await db().select().from(ownerMedia).where(eq(ownerMedia.ownerId, team.owner.id))).toEqual([]);
  });

  it("stays exact when both collectors send records with the same and different bytes at once", async () => {
    const { form, collector } = team;
    const shared = pngBytes("shared".repeat(300));
    const senders = [collector.client, second.client];
    const uploads = await Promise.all(
      senders.map(async (client, i) => ({
        client,
        shared: await upload(client, shared),
        own: await Promise.all([0, 1, 2].map((k) => upload(client, pngBytes(`own-${i}-${k}`.repeat(100))))),
      })),
    );
    const batches = uploads.flatMap(({ client, shared: mine, own }) =>
      own.map((photo) => () => {
        const records = [photo, mine].map((media) =>
          record({ applicationId: form.applicationId, answers: { ...validAnswers(form), [form.fields.photo]: media } }),
        );
        return sync(client, records);
      }),
    );
    const outcomes = await Promise.all(batches.map((send) => send()));
    for (const outcome of outcomes)
      expect(outcome.results.map((result) => result.status)).toEqual(["created", "created"]);
    const own = uploads.flatMap((entry) => entry.own);
    const ownBytes = [0, 1].flatMap((i) => [0, 1, 2].map((k) => pngBytes(`own-${i}-${k}`.repeat(100)).length));
    expect(own).toHaveLength(6);
    expect(await stored()).toBe(shared.length + ownBytes.reduce((sum, bytes) => sum + bytes, 0));

    // Clearing the application's data releases all of it.
    expect((await team.owner.client.delete(`/api/applications/${form.applicationId}/submissions`)).status).toBe(200);
    expect(await stored()).toBe(0);
  });

  it("releases the bytes of a deleted application, and deleting the account leaves nothing behind", async () => {
    const form = await createForm(db(), team.owner.id);
    await grantRole(db(), {
      ownerId: team.owner.id,
      userId: team.collector.id,
      email: team.collector.email,
      applicationId: form.applicationId,
      role: "collaborator",
    });
    const bytes = pngBytes("in-a-deleted-application");
    await syncPhoto(team.collector.client, form, await upload(team.collector.client, bytes));
    expect(await stored()).toBe(bytes.length);
    expect((await team.owner.client.delete(`/api/applications/${form.applicationId}`)).status).toBe(204);
    expect(await stored()).toBe(0);

    const kept = pngBytes("kept-until-the-account-goes");
    await syncPhoto(team.collector.client, team.form, await upload(team.collector.client, kept));
    expect(await stored()).toBe(kept.length);
    const deleted = await team.owner.client.request("/api/account", {
      method: "DELETE",
      json: { password: "secret123" },
    });
    expect(deleted.status).toBe(204);
    expect(await db().select().from(ownerMedia).where(eq(ownerMedia.ownerId, team.owner.id))).toEqual([]);
  });
});
