import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import type { ExportRow, RecordQuery } from "../../db/queries/records.ts";
import { queryRows } from "../../db/query-rows.ts";
import { seedDataFixture, type DataFixture } from "../../test-support/fixtures/data-fixtures.ts";
import { sync } from "../../test-support/fixtures/sync-fixtures.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { recordPages, recordSource } from "./record-pages.ts";

let server: TestServer;
let data: DataFixture;
let query: RecordQuery;

beforeAll(async () => {
  server = await startTestServer();
  data = await seedDataFixture(server, "pages");
  query = {
    scope: { applicationId: data.applicationId, submitterId: undefined },
    filter: { fields: {} },
    fieldTypes: new Map(),
  };
});
afterAll(() => server.stop());

async function storedIdsInOrder(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    server.context.database.db,
    sql`select id from form_submissions where application_id = ${data.applicationId}::uuid order by created_at, id`,
  );
  return rows.map((row) => row.id);
}

describe("recordPages", () => {
  it.each(["rows", "json"] as const)(
    "walks every record once, oldest first, in pages of the asked size, with the answers in field order (%s)",
    async (shape) => {
      const pages = [];
      for await (const rows of recordPages(
        server.context.database.db,
        query,
        [data.fields.value.id, data.fields.name.id],
        { pageSize: 4, shape },
      ))
        pages.push(rows);
      expect(pages.map((rows) => rows.length)).toEqual([4, 4, 4, 3]);
      const rows = pages.flat();
      expect(rows.map((row) => row.id)).toEqual(await storedIdsInOrder());
      assert(rows[0]);
      expect(rows[0]).toEqual({
        id: rows[0].id,
        submitterName: expect.any(String),
        submitterEmail: data.users.owner.email,
        // A member's record: no public link produced it.
        publicLinkName: null,
        answers: [10.5, 'São João, "o velho"\nlinha 2'],
        reviewState: "received",
        latitude: -23.5,
        longitude: -46.6,
        locationAccuracy: 5,
        createdText: "2025-01-15 12:00:00+00",
        updatedText: "2025-01-15 12:00:00+00",
      });
    },
  );

  it("ends cleanly when the records fill the last page exactly", async () => {
    const sizes = [];
    for await (const rows of recordPages(server.context.database.db, query, [], { pageSize: 5 }))
      sizes.push(rows.length);
    expect(sizes).toEqual([5, 5, 5]);
  });

  it("gives a record created while the export runs once, and none deleted before its page was read", async () => {
    const db = server.context.database.db;
    const before = await storedIdsInOrder();
    const pages = recordPages(db, query, [], { pageSize: 4 });
    const first: ExportRow[] = (await pages.next()).value ?? [];
    const seen = first.map((row) => row.id);
    const added = randomUUID();
    const synced = await sync(data.clients.owner, [
      {
        id: added,
        applicationId: data.applicationId,
        answers: { [data.fields.name.id]: "Nova" },
        clientCreatedAt: new Date().toISOString(),
      },
    ]);
    expect(synced.results[0]?.status).toBe("created");
    await db.execute(sql`delete from form_submissions where id = ${before[before.length - 1]}::uuid`);
    for await (const rows of pages) seen.push(...rows.map((row) => row.id));
    expect(seen).toEqual([...before.slice(0, -1), added]);
  });
});

describe("recordSource", () => {
  it.each(["rows", "json"] as const)(
    "formats every record once, in order, and yields one chunk of bytes per page (%s)",
    async (shape) => {
      const formatted: string[] = [];
      const chunks: string[] = [];
      const source = recordSource(server.context.database.db, query, [data.fields.name.id], shape, 4);
      for await (const bytes of source((rows) => {
        formatted.push(...rows.map((row) => row.id));
        return rows.map((row) => `${row.id};${JSON.stringify(row.answers[0])}\n`).join("");
      }))
        chunks.push(bytes.toString("utf8"));
      const ids = await storedIdsInOrder();
      expect(formatted).toEqual(ids);
      expect(chunks.map((chunk) => chunk.split("\n").length - 1)).toEqual([4, 4, 4, 3]);
      expect(chunks.join("")).toContain(`${ids[0]};`);
    },
  );

  it("rejects with the formatter's error and leaves the pool usable", async () => {
    const db = server.context.database.db;
    const failing = recordSource(
      db,
      query,
      [],
      "rows",
      4,
    )(() => {
      throw new Error("format failed");
    });
    await expect(failing.next()).rejects.toThrow("format failed");
    expect(await storedIdsInOrder()).toHaveLength(15);
  });
});
