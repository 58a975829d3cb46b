/**
 * A household survey nested three deep (test code only): households (a repeat) hold a section of members (a
 * repeat), and each member holds visits (a repeat). The form is created through the API one level deep, then its
 * containers are nested in form_fields and the records stored straight into form_submissions, since this branch's
 * sync still refuses forms deeper than one level. Answers follow the agreed shape: an inner repeat's entries sit
 * inside their parent entry, sections hold no answer. The visit's "Observação" is then removed from the form, its
 * one answer kept in the innermost entries.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/query-rows.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { TestServer } from "../../test-support/test-server.ts";
import {
  createApplicationVia,
  insertSubmission,
  type FieldDto,
} from "../../test-support/fixtures/application-fixtures.ts";
import { fieldNamed } from "../../test-support/fixtures/repeat-fixtures.ts";

const FORM = [
  { fieldType: "text", name: "municipio", label: "Município", parentName: null, config: {} },
  { fieldType: "repeat", name: "domicilios", label: "Domicílios", parentName: null, config: {} },
  { fieldType: "text", name: "endereco", label: "Endereço", parentName: "domicilios", config: {} },
  { fieldType: "section", name: "moradores", label: "Moradores", parentName: null, config: {} },
  { fieldType: "repeat", name: "membros", label: "Membros", parentName: null, config: {} },
  { fieldType: "text", name: "nome", label: "Nome", parentName: "membros", config: {} },
  { fieldType: "number", name: "idade", label: "Idade", parentName: "membros", config: {} },
  { fieldType: "repeat", name: "visitas", label: "Visitas", parentName: null, config: {} },
  { fieldType: "date", name: "data_visita", label: "Data da visita", parentName: "visitas", config: {} },
  { fieldType: "number", name: "peso", label: "Peso (kg)", parentName: "visitas", config: {} },
  { fieldType: "text", name: "obs_visita", label: "Observação", parentName: "visitas", config: {} },
].map((field, position) => ({ ...field, position }));

/** The containers nested after creation: [field, its container]. */
const NESTING = [
  ["moradores", "domicilios"],
  ["membros", "moradores"],
  ["visitas", "membros"],
] as const;

type FieldName = "municipio" | "domicilios" | "endereco" | "moradores" | "membros" | "nome" | "idade" | "visitas";

export interface NestedFixture {
  applicationId: string;
  appName: string;
  fields: Record<FieldName | "dataVisita" | "peso" | "obsVisita", FieldDto>;
  /** Record ids, oldest first: Brasília (two households), Goiânia (no household). */
  records: string[];
}

/** A visit, a member, a household: entries keyed by field id. */
export interface Visit {
  date: string;
  weight: number;
  /** The answer of the removed "Observação". */
  note?: string;
}
export interface Member {
  name: string;
  age: number;
  visits: Visit[];
}
export interface Household {
  address: string;
  members: Member[];
}

/** Brasília: Rua A (Ana with two visits, Beto with none), Rua B (Caio with one visit). Goiânia: none. */
export const HOUSEHOLDS: { city: string; households: Household[] }[] = [
  {
    city: "Brasília",
    households: [
      {
        address: "Rua A, 1",
        members: [
          {
            name: "Ana",
            age: 34,
            visits: [
              { date: "2025-05-02", weight: 61.5, note: "em jejum" },
              { date: "2025-06-02", weight: 60 },
            ],
          },
          { name: "Beto", age: 5, visits: [] },
        ],
      },
      { address: "Rua B, 2", members: [{ name: "Caio", age: 70, visits: [{ date: "2025-05-03", weight: 80 }] }] },
    ],
  },
  { city: "Goiânia", households: [] },
];

export async function seedNestedFixture(server: TestServer, owner: HttpClient, tag: string): Promise<NestedFixture> {
  const appName = `Domicílios ${tag}`;
  const created = await createApplicationVia(owner, { name: appName, visibility: "team", active: true, fields: FORM });
  const applicationId = created.application.id;
  const byName = (name: string) => fieldNamed(created, name);
  const fields = {
    municipio: byName("municipio"),
    domicilios: byName("domicilios"),
    endereco: byName("endereco"),
    moradores: byName("moradores"),
    membros: byName("membros"),
    nome: byName("nome"),
    idade: byName("idade"),
    visitas: byName("visitas"),
    dataVisita: byName("data_visita"),
    peso: byName("peso"),
    obsVisita: byName("obs_visita"),
  };
  const db = server.context.database.db;
  for (const [name, parent] of NESTING)
    await db.execute(
      sql`update form_fields set parent_name = ${parent} where application_id = ${applicationId}::uuid and name = ${name}`,
    );
  const [app] = await queryRows<{ owner_id: string }>(
    db,
    sql`select owner_id from applications where id = ${applicationId}::uuid`,
  );
  if (!app) throw new Error("application missing");
  const records: string[] = [];
  for (const [i, { city, households }] of HOUSEHOLDS.entries()) {
    const answers = {
      [fields.municipio.id]: city,
      [fields.domicilios.id]: households.map((household) => ({
        [fields.endereco.id]: household.address,
        [fields.membros.id]: household.members.map((member) => ({
          [fields.nome.id]: member.name,
          [fields.idade.id]: member.age,
          [fields.visitas.id]: member.visits.map((visit) => ({
            [fields.dataVisita.id]: visit.date,
            [fields.peso.id]: visit.weight,
            ...(visit.note === undefined ? {} : { [fields.obsVisita.id]: visit.note }),
          })),
        })),
      })),
    };
    const id = await insertSubmission(db, { applicationId, ownerId: app.owner_id, submitterId: app.owner_id, answers });
    const at = new Date(Date.UTC(2025, 4, 1 + i, 12)).toISOString();
    await db.execute(
      sql`update form_submissions set created_at = ${at}, updated_at = ${at}, client_created_at = ${at} where id = ${id}::uuid`,
    );
    records.push(id);
  }
  await db.execute(sql`update form_fields set deleted_at = now() where id = ${fields.obsVisita.id}::uuid`);
  return { applicationId, appName, fields, records };
}
