/**
 * Migration 0016 (issue 25): records stored before it get their map place and their lines' and areas' rows, and the
 * triggers keep both true on every later insert and edit, on PGlite and PostgreSQL alike.
 */
import { rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
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
import { northLine, squareArea } from "../../shared/geo/test-shapes.ts";

describe("migration 0016_map_placement", () => {
  let database: TestDatabase;
  let opened: OpenedDatabase;
  let oldFolder: string;
  const ids = {
    owner: randomUUID(),
    application: randomUUID(),
    area: randomUUID(),
    trees: randomUUID(),
    track: randomUUID(),
    located: randomUUID(),
    areaOnly: randomUUID(),
    trackOnly: randomUUID(),
    nothing: randomUUID(),
  };
  const plot = squareArea(100, -30, -51.2);
  const track = northLine(500, -10, -50, 4);

  const insert = (id: string, answers: object, place?: [number, number]) =>
    opened.db
      .execute(sql`insert into form_submissions (id, application_id, owner_id, answers, payload_hash, latitude, longitude)
      values (${id}, ${ids.application}, ${ids.owner}, ${JSON.stringify(answers)}::jsonb, ${id},
        ${place?.[1] ?? null}::float8, ${place?.[0] ?? null}::float8)`);

  beforeAll(async () => {
    database = await createTestDatabase();
    opened = await openForMigrations(database.url);
    oldFolder = migrationsUpTo("0015_team_layers");
    await opened.migrate(oldFolder);
    const { db } = opened;
    await db.execute(sql`insert into users (id, name, email) values (${ids.owner}, 'Dona', 'dona-0016@campo.test')`);
    await db.execute(
      sql`insert into applications (id, owner_id, name) values (${ids.application}, ${ids.owner}, 'Mapa')`,
    );
    await db.execute(sql`insert into form_fields (id, application_id, field_type, label, name, parent_name, position) values
      (${ids.area}, ${ids.application}, 'area', 'Talhão', 'talhao', null, 0),
      (${ids.trees}, ${ids.application}, 'repeat', 'Árvores', 'arvores', null, 1),
      (${ids.track}, ${ids.application}, 'line', 'Trilha', 'trilha', 'arvores', 2)`);
    await insert(ids.located, { [ids.area]: plot }, [-46.6, -23.5]);
    await insert(ids.areaOnly, { [ids.area]: plot });
    await insert(ids.trackOnly, { [ids.trees]: [{}, { [ids.track]: track }] });
    await insert(ids.nothing, { [ids.area]: "not a shape" });
    await opened.migrate(migrationsFolder);
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
    if (oldFolder) rmSync(oldFolder, { recursive: true, force: true });
  });

  const place = async (id: string) =>
    (
      await queryRows<{ lon: number | null; lat: number | null }>(
        opened.db,
        sql`select map_longitude as lon, map_latitude as lat from form_submissions where id = ${id}`,
      )
    )[0];
  const shapes = async (id: string) =>
    queryRows<{ fieldId: string; west: number; north: number }>(
      opened.db,
      sql`select field_id as "fieldId", west, north from submission_shapes where submission_id = ${id} order by ordinal`,
    );
  const bounds = (positions: number[][]) => {
    const lons = positions.map(([lon = 0]) => lon);
    const lats = positions.map(([, lat = 0]) => lat);
    return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) };
  };
  const centre = (positions: number[][]) => {
    const { west, south, east, north } = bounds(positions);
    return { lon: (west + east) / 2, lat: (south + north) / 2 };
  };

  it("places the records stored before it: at their location, else at their first line's or area's centre", async () => {
    expect(await place(ids.located)).toEqual({ lon: -46.6, lat: -23.5 });
    const ring = plot.coordinates[0] ?? [];
    expect(await place(ids.areaOnly)).toEqual(centre(ring));
    expect(await place(ids.trackOnly)).toEqual(centre(track.coordinates));
    expect(await place(ids.nothing)).toEqual({ lon: null, lat: null });
  });

  it("stores each line and area with its bounds, inside repeats too, and nothing for an answer that is not one", async () => {
    const ring = plot.coordinates[0] ?? [];
    expect(await shapes(ids.located)).toEqual([
      { fieldId: ids.area, west: bounds(ring).west, north: bounds(ring).north },
    ]);
    expect(await shapes(ids.trackOnly)).toEqual([
      { fieldId: ids.track, west: bounds(track.coordinates).west, north: bounds(track.coordinates).north },
    ]);
    expect(await shapes(ids.nothing)).toEqual([]);
  });

  it("keeps both true when records are inserted and edited afterwards", async () => {
    const later = randomUUID();
    await insert(later, { [ids.area]: plot });
    expect(await place(later)).toEqual(centre(plot.coordinates[0] ?? []));
    await opened.db.execute(
      sql`update form_submissions set answers = ${JSON.stringify({ [ids.trees]: [{ [ids.track]: track }] })}::jsonb where id = ${later}`,
    );
    expect(await place(later)).toEqual(centre(track.coordinates));
    expect((await shapes(later)).map((shape) => shape.fieldId)).toEqual([ids.track]);
    await opened.db.execute(sql`update form_submissions set latitude = 1, longitude = 2 where id = ${later}`);
    expect(await place(later)).toEqual({ lon: 2, lat: 1 });
    await opened.db.execute(
      sql`update form_submissions set answers = '{}'::jsonb, latitude = null, longitude = null where id = ${later}`,
    );
    expect(await place(later)).toEqual({ lon: null, lat: null });
    expect(await shapes(later)).toEqual([]);
    await opened.db.execute(sql`delete from form_submissions where id = ${ids.located}`);
    expect(await shapes(ids.located)).toEqual([]);
  });
});
