/** The benchmarks' survey: a realistic 12-field form created through the designer's API, and its records. */
import { randomUUID } from "node:crypto";
import type { formFields } from "../server/db/schema/index.ts";
import { benchCall, type BenchSession } from "./bench-server.ts";

export type FieldRow = typeof formFields.$inferSelect;

/** A realistic survey form of 12 fields, created through the designer's API. */
export async function createSurvey(session: BenchSession, name: string): Promise<FieldRow[]> {
  const fields = [
    { fieldType: "text", label: "Nome do entrevistado", config: { required: true } },
    { fieldType: "text", label: "Observações", config: { format: "textarea" } },
    { fieldType: "number", label: "Idade", config: { format: "integer", minValue: 0, maxValue: 120, required: true } },
    { fieldType: "number", label: "Peso (kg)", config: { format: "decimal", minValue: 0, maxValue: 400 } },
    { fieldType: "date", label: "Data da visita", config: { required: true } },
    { fieldType: "yes_no", label: "Possui água encanada?", config: { required: true } },
    { fieldType: "single_choice", label: "Tipo de moradia", config: { options: ["Casa", "Apartamento", "Outro"] } },
    {
      fieldType: "multiple_choice",
      label: "Serviços disponíveis",
      config: { options: ["Luz", "Internet", "Esgoto", "Coleta de lixo"] },
    },
    { fieldType: "email", label: "E-mail", config: {} },
    { fieldType: "phone", label: "Telefone", config: {} },
    { fieldType: "gps", label: "Localização da casa", config: {} },
    { fieldType: "photo", label: "Foto da fachada", config: { maxSize: 10 } },
  ].map((field, position) => ({ ...field, position }));
  const response = await benchCall(session, "/api/applications", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, visibility: "team", active: true, fields }),
  });
  if (response.status !== 201)
    throw new Error(`create application failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { fields: FieldRow[] }).fields;
}

export function fieldAt(fields: FieldRow[], index: number): FieldRow {
  const field = fields[index];
  if (!field) throw new Error(`The survey has no field ${index}`);
  return field;
}

export function answersFor(fields: FieldRow[], i: number): Record<string, unknown> {
  const [name, notes, age, weight, date, water, housing, services, email, phone, gps] = Array.from(
    { length: 11 },
    (_, index) => fieldAt(fields, index).id,
  ) as [string, string, string, string, string, string, string, string, string, string, string];
  return {
    [name]: `Entrevistado ${i}`,
    [notes]: `Visita ${i}: moradores receptivos, acesso pela estrada de terra, ponto de referência próximo à escola municipal.`,
    [age]: 18 + (i % 70),
    [weight]: 50 + (i % 500) / 10,
    [date]: `2026-05-${String(1 + (i % 28)).padStart(2, "0")}`,
    [water]: i % 3 !== 0,
    [housing]: ["Casa", "Apartamento", "Outro"][i % 3],
    [services]: ["Luz", "Internet", "Esgoto", "Coleta de lixo"].slice(0, 1 + (i % 4)),
    [email]: `pessoa${i}@exemplo.com.br`,
    [phone]: `+55 11 9${String(10000000 + i).slice(-8)}`,
    [gps]: {
      latitude: -23.5 - i / 10000,
      longitude: -46.6 - i / 10000,
      accuracy: 5 + (i % 20),
      timestamp: "2026-05-01T12:00:00.000Z",
    },
  };
}

export type OutboxRecord = ReturnType<typeof outboxRecord>;

export function outboxRecord(applicationId: string, answers: Record<string, unknown>, i: number) {
  return {
    id: randomUUID(),
    applicationId,
    answers,
    location: {
      latitude: -23.5 - i / 10000,
      longitude: -46.6 - i / 10000,
      accuracy: 8,
      timestamp: "2026-05-01T12:00:00.000Z",
    },
    clientCreatedAt: new Date(Date.UTC(2026, 4, 1, 12, 0, i % 60)).toISOString(),
  };
}
