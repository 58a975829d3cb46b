/** Builders for the admin API tests (test code only). */
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { contactMessages } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { pngBytes } from "../sync/sync-fixtures.ts";

export const SUPER_ADMIN_EMAIL = "root-admin@campo.test";

export async function insertContactMessage(db: Db, subject = `Pergunta ${randomBytes(3).toString("hex")}`) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      fullName: "Joana Prado",
      email: "joana@example.com",
      celular: "11999998888",
      subject,
      message: "Quero saber mais sobre o plano Premium.",
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("no contact message");
  return row.id;
}

/** A support message with a PNG screenshot, sent through the public form as a visitor would. */
export async function postSupportMessage(client: HttpClient, subject: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    fullName: "Carlos Lima",
    email: "carlos@example.com",
    celular: "11988887777",
    subject,
    message: "O mapa não carrega no meu celular.",
  }))
    form.set(name, value);
  form.set("image", new File([new Uint8Array(pngBytes())], "tela.png", { type: "image/png" }));
  const response = await client.request("/api/support", {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 250)}` },
  });
  if (response.status !== 201) throw new Error(`support failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}
