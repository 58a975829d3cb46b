import { randomUUID } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { check as checkGeojson } from "@placemarkio/check-geojson";
import { userLimits } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";
import { createTreeForms, entityDetail, type TreeForms } from "../../test-support/fixtures/entity-fixtures.ts";
import type { EntityDto } from "../../../shared/entities/entity-dtos.ts";
import type { EntityMapDto, EntityPageDto } from "../../../shared/entities/entity-browse.ts";
import type { EntityUploadResultDto } from "../../../shared/entities/entity-upload.ts";

describe("entity pages: upload, API, page, map and exports", () => {
  let server: TestServer;
  let owner: HttpClient;
  let trees: TreeForms;
  const app = (path: string) => `/api/applications/${trees.registration.id}/${path}`;

  async function json<T>(response: Response, status = 200): Promise<T> {
    const text = await response.text();
    assert(response.status === status, `${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
  const upload = (csv: string) => owner.post(app("entity-upload"), { csv });
  const page = async (query: string) => json<EntityPageDto>(await owner.get(app(`entity-page?${query}`)));

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    const ownerId = (await signUpAs(owner, `entidades-${randomUUID().slice(0, 6)}@campo.test`)).id;
    await server.context.database.db.insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
    trees = await createTreeForms(owner);
  });
  afterAll(() => server.stop());

  it("an upload stores its good rows and reports each bad one by its line, whatever its neighbours", async () => {
    const result = await json<EntityUploadResultDto>(
      await upload(
        [
          "label;especie;altura;__latitude;__longitude",
          "Ipê do portão;Ipê-amarelo;4,5;-15.79;-47.88",
          "Sem altura;Jatobá;alta;;",
          ";Cedro;3;;",
          "Pau-brasil da praça;Pau-brasil;7;;",
          "Fora do mapa;Angico;2;95;10",
        ].join("\n"),
      ),
    );
    expect(result).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 3, code: "notANumber", column: "altura" },
        { row: 4, code: "labelRequired", column: "label" },
        { row: 6, code: "placeInvalid", column: "__latitude" },
      ],
    });
    const { entities } = await page("q=ipe portao");
    expect(entities).toEqual([
      expect.objectContaining({
        label: "Ipê do portão",
        properties: { especie: "Ipê-amarelo", altura: 4.5 },
        latitude: -15.79,
        longitude: -47.88,
        version: 1,
      }),
    ]);
    const ipe = entities[0];
    assert(ipe);
    const { history } = await entityDetail(owner, trees.registration.id, ipe.id);
    expect(history).toEqual([expect.objectContaining({ version: 1, source: "upload", recordId: null })]);

    // The `name` column names the entity a row changes; empty cells keep their values.
    const again = await json<EntityUploadResultDto>(
      await upload(`name,label,altura,saude\n${ipe.id},,5.1,boa\n${randomUUID()},Novo ipê,,`),
    );
    expect(again).toEqual({ created: 1, updated: 1, unchanged: 0, errors: [] });
    const changed = await entityDetail(owner, trees.registration.id, ipe.id);
    expect(changed.entity).toMatchObject({
      label: "Ipê do portão",
      properties: { especie: "Ipê-amarelo", altura: 5.1, saude: "boa" },
      version: 2,
      conflict: false,
    });
    expect(changed.history[1]).toMatchObject({
      source: "upload",
      baseVersion: 1,
      changes: { altura: 5.1, saude: "boa" },
    });
  });

  it("refuses a header it cannot place, and a file over the row cap, with their own codes", async () => {
    const unknown = await json<{ error: { code: string; details: unknown } }>(
      await upload("label,diametro\nIpê,3"),
      400,
    );
    expect(unknown.error).toMatchObject({
      code: "ENTITY_UPLOAD_UNREADABLE",
      details: { reason: "unknownColumn", column: "diametro" },
    });
    const rows = Array.from({ length: 20_001 }, (_, i) => `Árvore ${i}`).join("\n");
    const tooMany = await json<{ error: { code: string } }>(await upload(`label\n${rows}`), 400);
    expect(tooMany.error.code).toBe("ENTITY_UPLOAD_TOO_MANY_ROWS");
    // Ids repeated in one file, or belonging to another list, are row errors.
    const id = randomUUID();
    const repeated = await json<EntityUploadResultDto>(await upload(`name,label\n${id},Um\n${id},Dois\nnão-é-id,Três`));
    expect(repeated.errors).toEqual([
      { row: 3, code: "idRepeated", column: "name" },
      { row: 4, code: "idInvalid", column: "name" },
    ]);
  });

  it("creates an entity through the API once per id, checking its properties against the list", async () => {
    const id = randomUUID();
    const body = { id, label: "Sibipiruna da escola", properties: { altura: 6, especie: "Sibipiruna" } };
    const first = await json<{ entity: EntityDto }>(await owner.post(app("entities"), body), 201);
    expect(first.entity).toMatchObject({ id, label: "Sibipiruna da escola", version: 1, latitude: null });
    const retried = await json<{ entity: EntityDto }>(await owner.post(app("entities"), body), 200);
    expect(retried.entity.id).toBe(id);
    expect((await page("origin=api")).entities.map((entity) => entity.id)).toEqual([id]);

    const wrong = await json<{ error: { code: string; details: unknown } }>(
      await owner.post(app("entities"), { label: "X", properties: { altura: "alta", diametro: 3 } }),
      400,
    );
    expect(wrong.error.code).toBe("VALIDATION_FAILED");
    expect(wrong.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "properties.altura", message: "notANumber" }),
        expect.objectContaining({ path: "properties.diametro", message: "unknownProperty" }),
      ]),
    );
    // An id that is a record-made entity of another owner's list cannot be taken.
    const stranger = server.client();
    await signUpAs(stranger, `outra-${randomUUID().slice(0, 6)}@campo.test`);
    const other = await createTreeForms(stranger);
    const elsewhere = record({
      applicationId: other.registration.id,
      answers: { [other.registration.fields.species]: "Ipê-roxo" },
    });
    expect((await sync(stranger, [elsewhere])).results[0]?.status).toBe("created");
    const taken = await json<{ error: { code: string } }>(
      await owner.post(app("entities"), { id: elsewhere.id, label: "Roubo" }),
      409,
    );
    expect(taken.error.code).toBe("ENTITY_ID_TAKEN");
  });

  it("pages the list with filters on text, conflicts and origin, and maps only placed entities", async () => {
    const registration = record({
      applicationId: trees.registration.id,
      answers: {
        [trees.registration.fields.species]: "Guapuruvu",
        [trees.registration.fields.place]: { latitude: -15.8, longitude: -47.9 },
      },
    });
    await sync(owner, [registration]);
    const byRecord = await page("origin=record");
    expect(byRecord.entities.map((entity) => entity.label)).toEqual(["Guapuruvu"]);
    const all = await page("limit=2");
    expect(all.entities).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const rest = await page(`offset=2&limit=500`);
    expect(new Set([...all.entities, ...rest.entities].map((entity) => entity.id)).size).toBe(all.total);
    // Property values are searched too, accents ignored.
    expect((await page("q=jatoba")).entities).toEqual([]);
    expect((await page("q=SIBIPIRUNA")).entities.map((entity) => entity.label)).toEqual(["Sibipiruna da escola"]);
    expect((await page("conflict=true")).total).toBe(0);

    const map = await json<EntityMapDto>(await owner.get(app("entity-map")));
    expect(map.truncated).toBe(false);
    expect(map.points.map((point) => point.label).sort()).toEqual(["Guapuruvu", "Ipê do portão"]);
    const bad = await owner.get(app("entity-page?origin=email&limit=0"));
    expect(bad.status).toBe(400);
  });

  it("exports the list as CSV that uploads back, Excel and GeoJSON, each read by an independent reader", async () => {
    const csvResponse = await owner.get(app("entity-export?format=csv"));
    expect(csvResponse.headers.get("content-type")).toMatch(/^text\/csv/);
    const csvText = await csvResponse.text();
    const rows: Record<string, string>[] = parseCsv(csvText, { bom: true, columns: true });
    const ipe = rows.find((row) => row["label"] === "Ipê do portão");
    expect(ipe).toMatchObject({ especie: "Ipê-amarelo", altura: "5.1", __latitude: "-15.79", __version: "2" });
    // The export uploads back onto the same entities, not new ones; restated values make no new version.
    const edited = csvText.replace("Ipê do portão", "Ipê do portão velho");
    const reupload = await json<EntityUploadResultDto>(await upload(edited));
    expect(reupload).toEqual({ created: 0, updated: 1, unchanged: rows.length - 1, errors: [] });

    const xlsx = await owner.get(app("entity-export?format=xlsx"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0];
    assert(sheet);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(["name", "label", "especie", "altura", "saude"]);
    const cells = Array.from({ length: sheet.rowCount - 1 }, (_, i) =>
      (sheet.getRow(i + 2).values as unknown[]).slice(1),
    );
    expect(cells.find((row) => row[1] === "Ipê do portão velho")?.slice(2, 4)).toEqual(["Ipê-amarelo", 5.1]);

    const geo = await owner.get(app("entity-export?format=geojson&q=guapuruvu"));
    expect(geo.headers.get("content-type")).toMatch(/^application\/geo\+json/);
    const collection = checkGeojson(await geo.text());
    assert(collection.type === "FeatureCollection");
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0]).toMatchObject({
      geometry: { type: "Point", coordinates: [-47.9, -15.8] },
      properties: { label: "Guapuruvu", especie: "Guapuruvu", __version: 1 },
    });
  });
});
