import { fieldNameFromLabel } from "../../../shared/fields/field-config.ts";
import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { applications, formFields, userLimits } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { TestServer } from "../../test-support/test-server.ts";
import { grantRole, signUpAs } from "../applications/test-fixtures.ts";
import type { SyncRecordResult } from "../../../shared/submissions/sync-schemas.ts";
import { assert } from "vitest";

/** Fixtures shared by the collection API tests and the sync benchmark: applications, members, images, records. */

export interface FormFixture {
  applicationId: string;
  fields: {
    name: string;
    age: string;
    consent: string;
    color: string;
    photo: string;
    signature: string;
  };
}

/** An application with six typical fields, written straight to the database (the designer API is not under test). */
export async function createForm(
  db: Db,
  ownerId: string,
  name = `Form ${randomUUID().slice(0, 8)}`,
): Promise<FormFixture> {
  const [application] = await db.insert(applications).values({ ownerId, name }).returning();
  assert(application);
  const definitions: Omit<typeof formFields.$inferInsert, "name">[] = [
    { applicationId: application.id, fieldType: "text", label: "Nome", position: 0, config: { required: true } },
    {
      applicationId: application.id,
      fieldType: "number",
      label: "Idade",
      position: 1,
      config: { minValue: 0, maxValue: 120, format: "integer" },
    },
    { applicationId: application.id, fieldType: "yes_no", label: "Consente", position: 2, config: {} },
    {
      applicationId: application.id,
      fieldType: "single_choice",
      label: "Cor",
      position: 3,
      config: { options: ["Azul", "Verde"] },
    },
    { applicationId: application.id, fieldType: "photo", label: "Foto", position: 4, config: {} },
    { applicationId: application.id, fieldType: "signature", label: "Assinatura", position: 5, config: {} },
  ];
  const rows = await db
    .insert(formFields)
    .values(definitions.map((field) => ({ ...field, name: fieldNameFromLabel(field.label) })))
    .returning();
  const [nameField, age, consent, color, photo, signature] = rows
    .sort((a, b) => a.position - b.position)
    .map((row) => row.id);
  assert(nameField && age && consent && color && photo && signature, "the form fixture stores six fields");
  return { applicationId: application.id, fields: { name: nameField, age, consent, color, photo, signature } };
}

/** A minimal PNG (1×1) plus `salt` trailing bytes, so every call can make distinct bytes that are still a PNG. */
export function pngBytes(salt = ""): Buffer {
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
    "hex",
  );
  return Buffer.concat([png, Buffer.from(salt)]);
}

/** A JPEG-headed buffer of the given size (the server checks magic bytes, not pixels). */
export function jpegBytes(size: number, seed = 0): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex").copy(bytes);
  for (let i = 20; i < size; i += 4096) bytes.writeUInt32BE((seed * 2654435761 + i) >>> 0, i);
  return bytes;
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export interface UploadedMedia {
  attachmentId: string;
  sha256: string;
  contentType: string;
}

export async function upload(client: HttpClient, bytes: Buffer, contentType = "image/png"): Promise<UploadedMedia> {
  const hash = sha256(bytes);
  const response = await client.request(`/api/attachments/${hash}`, {
    method: "PUT",
    body: new Uint8Array(bytes),
    headers: { "content-type": contentType },
  });
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as UploadedMedia;
  return { attachmentId: body.attachmentId, sha256: body.sha256, contentType: body.contentType };
}

export interface RecordInput {
  id?: string;
  applicationId: string;
  answers: Record<string, unknown>;
  location?: { latitude: number; longitude: number; accuracy: number; timestamp: string } | null;
  clientCreatedAt?: string;
}

/** A sync record as the outbox sends it. */
export function record(input: RecordInput) {
  return {
    id: input.id ?? randomUUID(),
    applicationId: input.applicationId,
    answers: input.answers,
    location: input.location ?? {
      latitude: -23.55052,
      longitude: -46.633308,
      accuracy: 8,
      timestamp: "2026-05-01T12:00:00.000Z",
    },
    clientCreatedAt: input.clientCreatedAt ?? "2026-05-01T12:00:00.000Z",
  };
}

export function validAnswers(form: FormFixture, index = 0): Record<string, unknown> {
  return {
    [form.fields.name]: `Pessoa ${index}`,
    [form.fields.age]: 30,
    [form.fields.consent]: true,
    [form.fields.color]: "Azul",
  };
}

export async function sync(
  client: HttpClient,
  records: unknown[],
): Promise<{ status: number; results: SyncRecordResult[] }> {
  const response = await client.post("/api/sync", { records });
  const body = (await response.json()) as { results?: SyncRecordResult[] };
  return { status: response.status, results: body.results ?? [] };
}

export interface FormWithCollector {
  owner: { client: HttpClient; id: string };
  form: FormFixture;
  collector: { client: HttpClient; id: string; email: string };
}

/** A signed-in owner with the six-field form, and a signed-in collaborator of it. */
export async function formWithCollector(
  server: TestServer,
  emails: { owner: string; collector: string },
): Promise<FormWithCollector> {
  const db = server.context.database.db;
  const owner = { client: server.client(), id: "" };
  owner.id = (await signUpAs(owner.client, emails.owner)).id;
  const form = await createForm(db, owner.id);
  const client = server.client();
  const { id, email } = await signUpAs(client, emails.collector);
  await grantRole(db, {
    ownerId: owner.id,
    userId: id,
    email,
    applicationId: form.applicationId,
    role: "collaborator",
  });
  return { owner, form, collector: { client, id, email } };
}

/** A signed-in owner (room for 100 records) of an application with the given fields; their ids by field name. */
export async function ownerWithForm(
  server: TestServer,
  email: string,
  name: string,
  fields: readonly Omit<typeof formFields.$inferInsert, "applicationId" | "position">[],
): Promise<{ owner: HttpClient; applicationId: string; id: Record<string, string> }> {
  const owner = server.client();
  const ownerId = (await signUpAs(owner, email)).id;
  const db = server.context.database.db;
  await db.insert(userLimits).values({ userId: ownerId, maxSubmissions: 100 });
  const [application] = await db.insert(applications).values({ ownerId, name }).returning();
  assert(application);
  const rows = await db
    .insert(formFields)
    .values(fields.map((field, position) => ({ ...field, applicationId: application.id, position })))
    .returning();
  return { owner, applicationId: application.id, id: Object.fromEntries(rows.map((row) => [row.name, row.id])) };
}
