import { rmSync } from "node:fs";
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "./query-rows.ts";
import { createTestDatabase, type TestDatabase } from "../test-support/test-database.ts";
import {
  migrationsFolder,
  migrationsUpTo,
  openForMigrations,
  type OpenedDatabase,
} from "../test-support/partial-migrations.ts";

const ref = (id: string, sha: string) => JSON.stringify({ attachmentId: id, sha256: sha, contentType: "image/png" });

describe("migration 0001_attachment_links, and 0007 counting what the links store", () => {
  let database: TestDatabase;
  let opened: OpenedDatabase;
  let oldFolder: string;
  const ids = {
    uploader: randomUUID(),
    someoneElse: randomUUID(),
    application: randomUUID(),
    photo: randomUUID(),
    signature: randomUUID(),
    firstRecord: randomUUID(),
    secondRecord: randomUUID(),
    shared: randomUUID(),
    earlier: randomUUID(),
    waiting: randomUUID(),
    foreign: randomUUID(),
  };
  const sha = (name: string) => createHash("sha256").update(name).digest("hex");

  beforeAll(async () => {
    database = await createTestDatabase();
    opened = await openForMigrations(database.url);
    // The database as it was before the attachment_links migration.
    oldFolder = migrationsUpTo("0000_init");
    await opened.migrate(oldFolder);
    const { db } = opened;
    await db.execute(sql`insert into users (id, name, email) values
      (${ids.uploader}, 'Coletor', 'coletor-migracao@campo.test'), (${ids.someoneElse}, 'Outro', 'outro-migracao@campo.test')`);
    await db.execute(
      sql`insert into applications (id, owner_id, name) values (${ids.application}, ${ids.uploader}, 'Migração')`,
    );
    await db.execute(sql`insert into form_fields (id, application_id, field_type, label, position) values
      (${ids.photo}, ${ids.application}, 'photo', 'Foto', 0), (${ids.signature}, ${ids.application}, 'signature', 'Assinatura', 1)`);
    // The first record got both uploads; the second used the same bytes in two fields and was never linked.
    await db.execute(sql`insert into form_submissions (id, application_id, owner_id, submitter_id, answers, payload_hash) values
      (${ids.firstRecord}, ${ids.application}, ${ids.uploader}, ${ids.uploader},
       ${`{"${ids.photo}": ${ref(ids.shared, sha("shared"))}, "${ids.signature}": ${ref(ids.earlier, sha("earlier"))}, "not-a-field": "texto", "legacy": [1]}`}::jsonb, 'h1'),
      (${ids.secondRecord}, ${ids.application}, ${ids.uploader}, ${ids.uploader},
       ${`{"${ids.photo}": ${ref(ids.shared, sha("shared").toUpperCase())}, "${ids.signature}": ${ref(ids.foreign, sha("foreign"))}}`}::jsonb, 'h2')`);
    // Before an edit, the second record's signature was the upload linked to the first record.
    await db.execute(sql`insert into submission_versions (submission_id, answers) values
      (${ids.secondRecord}, ${`{"${ids.signature}": ${ref(ids.earlier, sha("earlier"))}}`}::jsonb)`);
    await db.execute(sql`insert into attachments (id, uploader_id, submission_id, field_id, storage_key, content_type, bytes, sha256) values
      (${ids.shared}, ${ids.uploader}, ${ids.firstRecord}, ${ids.photo}, 'k1', 'image/png', 10, ${sha("shared")}),
      (${ids.earlier}, ${ids.uploader}, ${ids.firstRecord}, ${ids.signature}, 'k2', 'image/png', 10, ${sha("earlier")}),
      (${ids.waiting}, ${ids.uploader}, null, null, 'k3', 'image/png', 10, ${sha("waiting")}),
      (${ids.foreign}, ${ids.someoneElse}, null, null, 'k4', 'image/png', 10, ${sha("foreign")})`);
    await opened.migrate(migrationsFolder);
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
    if (oldFolder) rmSync(oldFolder, { recursive: true, force: true });
  });

  const links = async () =>
    (
      await queryRows<{ link: string }>(
        opened.db,
        sql`select concat_ws(' ', attachment_id, submission_id, field_id) as link from attachment_links`,
      )
    )
      .map((row) => row.link)
      .sort();
  const remaining = async () =>
    (await queryRows<{ id: string }>(opened.db, sql`select id from attachments`)).map((row) => row.id).sort();
  const link = (attachment: string, submission: string, field: string) => `${attachment} ${submission} ${field}`;
  /** Migration 0007's running sum of the owner's stored bytes, and its per-content rows. */
  const storage = async () => ({
    bytes: Number(
      (
        await queryRows<{ bytes: string }>(
          opened.db,
          sql`select coalesce(sum(storage_bytes), 0)::text as bytes from owner_usage where owner_id = ${ids.uploader}`,
        )
      )[0]?.bytes,
    ),
    contents: (
      await queryRows<{ content: string }>(
        opened.db,
        sql`select concat_ws(' ', sha256, bytes, links) as content from owner_media where owner_id = ${ids.uploader}`,
      )
    )
      .map((row) => row.content)
      .sort(),
  });

  it("keeps every existing link and links the records the old columns skipped, never someone else's upload", async () => {
    expect(await links()).toEqual(
      [
        link(ids.shared, ids.firstRecord, ids.photo),
        link(ids.shared, ids.secondRecord, ids.photo),
        link(ids.earlier, ids.firstRecord, ids.signature),
        link(ids.earlier, ids.secondRecord, ids.signature),
      ].sort(),
    );
    const columns = await queryRows<{ column_name: string }>(
      opened.db,
      sql`select column_name from information_schema.columns where table_name = 'attachments' and column_name in ('submission_id', 'field_id')`,
    );
    expect(columns).toEqual([]);
    // 0007 counts what the links use: two contents of 10 bytes, each linked twice.
    expect(await storage()).toEqual({
      bytes: 20,
      contents: [`${sha("earlier")} 10 2`, `${sha("shared")} 10 2`].sort(),
    });
  });

  it("removes an attachment with its last link only, and never an upload still waiting for its record", async () => {
    await opened.db.execute(sql`delete from form_submissions where id = ${ids.firstRecord}`);
    expect(await remaining()).toEqual([ids.shared, ids.earlier, ids.waiting, ids.foreign].sort());
    expect(await storage()).toEqual({
      bytes: 20,
      contents: [`${sha("earlier")} 10 1`, `${sha("shared")} 10 1`].sort(),
    });
    await opened.db.execute(sql`delete from form_submissions where id = ${ids.secondRecord}`);
    expect(await remaining()).toEqual([ids.waiting, ids.foreign].sort());
    expect(await storage()).toEqual({ bytes: 0, contents: [] });
  });
});
