/**
 * A tree survey with a note, a repeat of trees (a choice, a number, a photo, a location and a text later removed
 * from the form) and a section holding a calculation, seeded through the sync API (test code only). The repeat comes
 * second so that it is among the list's columns.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { TestServer } from "../../test-support/test-server.ts";
import { createApplicationVia, type ApplicationResponse, type FieldDto } from "../applications/test-fixtures.ts";
import { jpegBytes, sync, upload } from "../sync/sync-fixtures.ts";

export const TREE_SPECIES = ["Ipê", "Jatobá", "Pau-brasil"];

const FORM = [
  { fieldType: "text", name: "lote", label: "Lote", parentName: null, config: {} },
  { fieldType: "note", name: "aviso", label: "Meça cada árvore", parentName: null, config: {} },
  { fieldType: "repeat", name: "arvores", label: "Árvores", parentName: null, config: {} },
  {
    fieldType: "single_choice",
    name: "especie",
    label: "Espécie",
    parentName: "arvores",
    config: { options: TREE_SPECIES },
  },
  { fieldType: "number", name: "altura", label: "Altura (m)", parentName: "arvores", config: {} },
  { fieldType: "photo", name: "foto_arvore", label: "Foto da árvore", parentName: "arvores", config: {} },
  { fieldType: "gps", name: "local_arvore", label: "Local da árvore", parentName: "arvores", config: {} },
  { fieldType: "text", name: "obs", label: "Observação", parentName: "arvores", config: {} },
  { fieldType: "section", name: "propriedade", label: "Propriedade", parentName: null, config: {} },
  { fieldType: "number", name: "area", label: "Área (ha)", parentName: "propriedade", config: {} },
  {
    fieldType: "calculation",
    name: "area_m2",
    label: "Área (m²)",
    parentName: "propriedade",
    config: { calculation: "${area} * 10000" },
  },
].map((field, position) => ({ ...field, position }));

export interface RepeatFixture {
  applicationId: string;
  appName: string;
  fields: Record<"lote" | "area" | "areaM2" | "arvores" | "especie" | "altura" | "foto" | "local" | "obs", FieldDto>;
  /** Record ids, oldest first: two trees, no tree, one tree. */
  records: string[];
  photoAttachmentId: string;
}

/** The created application's field of that name (fails the test when it is missing). */
export function fieldNamed(created: ApplicationResponse, name: string): FieldDto {
  const found = created.fields.find((field) => field.name === name);
  if (!found) throw new Error(`field ${name} missing: ${JSON.stringify(created.fields)}`);
  return found;
}

/**
 * Three records of `owner` (who may collect for `tag`'s application): lot "L1" with two trees (the first with a
 * photo and a location), "L2" with none, "L3" with one; then "Observação" is removed from the form, its answers
 * kept in the old entries.
 */
export async function seedRepeatFixture(server: TestServer, owner: HttpClient, tag: string): Promise<RepeatFixture> {
  const appName = `Inventário ${tag}`;
  const created = await createApplicationVia(owner, { name: appName, visibility: "team", active: true, fields: FORM });
  const applicationId = created.application.id;
  const byName = (name: string) => fieldNamed(created, name);
  const fields = {
    lote: byName("lote"),
    area: byName("area"),
    areaM2: byName("area_m2"),
    arvores: byName("arvores"),
    especie: byName("especie"),
    altura: byName("altura"),
    foto: byName("foto_arvore"),
    local: byName("local_arvore"),
    obs: byName("obs"),
  };
  const photo = await upload(owner, jpegBytes(2048, 11), "image/jpeg");
  const trees: Record<string, unknown>[][] = [
    [
      {
        [fields.especie.id]: "Ipê",
        [fields.altura.id]: 12.5,
        [fields.foto.id]: photo,
        [fields.local.id]: { latitude: -15.7801, longitude: -47.9292, accuracy: 4 },
        [fields.obs.id]: 'Tronco oco, "velha"',
      },
      { [fields.especie.id]: "Jatobá", [fields.altura.id]: 8 },
    ],
    [],
    [{ [fields.especie.id]: "Ipê", [fields.altura.id]: 3, [fields.obs.id]: "=muda" }],
  ];
  const records = trees.map((entries, i) => ({
    id: randomUUID(),
    applicationId,
    answers: {
      [fields.lote.id]: `L${i + 1}`,
      [fields.area.id]: i + 1,
      [fields.areaM2.id]: (i + 1) * 10000,
      [fields.arvores.id]: entries,
    },
    location: { latitude: -15.78 - i / 100, longitude: -47.93, accuracy: 5, timestamp: "2025-05-01T12:00:00.000Z" },
    clientCreatedAt: new Date(Date.UTC(2025, 4, 1 + i, 12)).toISOString(),
  }));
  const synced = await sync(owner, records);
  if (synced.results.some((result) => result.status !== "created")) throw new Error(JSON.stringify(synced.results));
  const db = server.context.database.db;
  await db.execute(
    sql`update form_submissions set created_at = client_created_at, updated_at = client_created_at where application_id = ${applicationId}::uuid`,
  );
  const kept = created.fields.filter((field) => field.id !== fields.obs.id);
  const update = await owner.put(`/api/applications/${applicationId}`, {
    name: appName,
    visibility: "team",
    active: true,
    fields: kept,
  });
  if (update.status !== 200) throw new Error(`removing a field failed: ${update.status} ${await update.text()}`);
  return {
    applicationId,
    appName,
    fields,
    records: records.map((record) => record.id),
    photoAttachmentId: photo.attachmentId,
  };
}
