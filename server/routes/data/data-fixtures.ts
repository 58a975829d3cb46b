/** A shared application with records of an owner and a collaborator, seeded through the sync API (test code only). */
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { formSubmissions } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { TestServer } from "../../test-support/test-server.ts";
import { createApplicationVia, grantRole, signUpAs, subscribe, type FieldDto } from "../applications/test-fixtures.ts";
import { jpegBytes, sync, upload } from "../sync/sync-fixtures.ts";

export const TRICKY_TEXTS = [
  'São João, "o velho"\nlinha 2',
  "=1+1",
  "+55 11 98765-4321",
  "@SUM(A1)",
  "Ação & <tag> 'aspas'",
];

export interface DataFixture {
  applicationId: string;
  appName: string;
  fields: Record<"name" | "value" | "ok" | "color" | "tags" | "day" | "photo", FieldDto>;
  clients: { owner: HttpClient; collaborator: HttpClient; admin: HttpClient; outsider: HttpClient };
  users: {
    owner: { id: string; email: string };
    collaborator: { id: string; email: string };
    admin: { id: string; email: string };
  };
  /** Record ids by submitter. */
  ownerRecords: string[];
  collaboratorRecords: string[];
  photoAttachmentId: string;
}

const FORM = [
  { fieldType: "text", label: "Nome, completo", config: {} },
  { fieldType: "number", label: "Valor", config: { format: "currency" } },
  { fieldType: "yes_no", label: "Aprovado?", config: {} },
  { fieldType: "single_choice", label: "Cor", config: { options: ["Azul", "Verde", "Vermelho"] } },
  { fieldType: "multiple_choice", label: "Etiquetas", config: { options: ["A", "B", "C"] } },
  { fieldType: "date", label: "Dia", config: {} },
  { fieldType: "photo", label: "Foto", config: {} },
].map((field, position) => ({ ...field, position }));

/**
 * Twelve owner records (one per month of 2025, every other one located, one with a photo, the tricky texts in
 * the first five) and three collaborator records, all through POST /api/sync.
 */
export async function seedDataFixture(server: TestServer, tag: string): Promise<DataFixture> {
  const clients = {
    owner: server.client(),
    collaborator: server.client(),
    admin: server.client(),
    outsider: server.client(),
  };
  const users = {
    owner: await signUpAs(clients.owner, `owner-${tag}@campo.test`),
    collaborator: await signUpAs(clients.collaborator, `collab-${tag}@campo.test`),
    admin: await signUpAs(clients.admin, `admin-${tag}@campo.test`),
  };
  await signUpAs(clients.outsider, `outsider-${tag}@campo.test`);
  const db = server.context.database.db;
  await subscribe(db, users.owner.id, "custom");
  const appName = `Levantamento ${tag}: Água/Esgoto`;
  const created = await createApplicationVia(clients.owner, {
    name: appName,
    visibility: "team",
    active: true,
    fields: FORM,
  });
  const applicationId = created.application.id;
  const byLabel = (label: string) => created.fields.find((field) => field.label === label)!;
  const fields = {
    name: byLabel("Nome, completo"),
    value: byLabel("Valor"),
    ok: byLabel("Aprovado?"),
    color: byLabel("Cor"),
    tags: byLabel("Etiquetas"),
    day: byLabel("Dia"),
    photo: byLabel("Foto"),
  };
  for (const role of ["collaborator", "admin"] as const) {
    await grantRole(db, {
      ownerId: users.owner.id,
      userId: users[role].id,
      email: users[role].email,
      applicationId,
      role: role === "admin" ? "admin_invited" : "collaborator",
    });
  }
  const photo = await upload(clients.owner, jpegBytes(2048, 7), "image/jpeg");
  const colors = ["Azul", "Verde", "Vermelho"];
  const ownerRecords: string[] = [];
  const records = Array.from({ length: 12 }, (_, i) => {
    const id = randomUUID();
    ownerRecords.push(id);
    return {
      id,
      applicationId,
      answers: {
        [fields.name.id]: TRICKY_TEXTS[i] ?? `Pessoa ${i}`,
        [fields.value.id]: 10.5 * (i + 1),
        [fields.ok.id]: i % 3 === 0,
        [fields.color.id]: colors[i % 3],
        [fields.tags.id]: ["A", "B", "C"].slice(0, 1 + (i % 3)),
        [fields.day.id]: `2025-${String(i + 1).padStart(2, "0")}-15`,
        ...(i === 1 ? { [fields.photo.id]: photo } : {}),
      },
      ...(i % 2 === 0
        ? {
            location: {
              latitude: -23.5 - i / 100,
              longitude: -46.6 - i / 100,
              accuracy: 5 + i,
              timestamp: "2025-05-01T12:00:00.000Z",
            },
          }
        : {}),
      clientCreatedAt: new Date(Date.UTC(2025, i, 15, 12)).toISOString(),
    };
  });
  const ownerSync = await sync(clients.owner, records);
  if (ownerSync.results.some((result) => result.status !== "created"))
    throw new Error(JSON.stringify(ownerSync.results));
  const collaboratorRecords: string[] = [];
  const collaboratorSync = await sync(
    clients.collaborator,
    Array.from({ length: 3 }, (_, i) => {
      const id = randomUUID();
      collaboratorRecords.push(id);
      return {
        id,
        applicationId,
        answers: {
          [fields.name.id]: `Coleta do colaborador ${i}`,
          [fields.value.id]: 1000 + i,
          [fields.ok.id]: true,
          [fields.color.id]: "Azul",
          [fields.tags.id]: ["C"],
        },
        location: { latitude: -22.9, longitude: -43.2, accuracy: 3, timestamp: "2025-05-01T12:00:00.000Z" },
        clientCreatedAt: new Date(Date.UTC(2025, 6, 1 + i)).toISOString(),
      };
    }),
  );
  if (collaboratorSync.results.some((result) => result.status !== "created"))
    throw new Error(JSON.stringify(collaboratorSync.results));
  // Records synced in one go share a server time; spread created_at over the client times so date filters have work.
  await db.execute(
    sql`update form_submissions set created_at = client_created_at, updated_at = client_created_at where application_id = ${applicationId}::uuid`,
  );
  return {
    applicationId,
    appName,
    fields,
    clients,
    users,
    ownerRecords,
    collaboratorRecords,
    photoAttachmentId: photo.attachmentId,
  };
}

/** The database's view of an application's records, oldest first (the order of the exports and the OData feed). */
export async function storedRecords(server: TestServer, applicationId: string) {
  return server.context.database.db
    .select()
    .from(formSubmissions)
    .where(eq(formSubmissions.applicationId, applicationId))
    .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id));
}
