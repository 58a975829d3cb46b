import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { emailOutbox, supportMessages } from "../../db/schema/index.ts";
import { jpegBytes, pngBytes } from "../../test-support/fixtures/sync-fixtures.ts";
import { SUPPORT_IMAGE_MAX_BYTES } from "../../../shared/contact/support-schema.ts";
import { SUPPORT_RATE_LIMIT } from "./support.ts";

const valid = {
  fullName: "Maria Silva",
  email: "maria@example.com",
  celular: "(11) 99999-8888",
  subject: "Erro ao sincronizar",
  message: "Meus registros não sincronizam desde ontem à tarde.",
};

let nextAddress = 1;
/** Each request group writes from its own client address (TRUST_PROXY is on), so the rate limit does not leak between tests. */
function newAddress(): Record<string, string> {
  return { "x-forwarded-for": `198.51.100.${nextAddress++}` };
}

function formOf(
  fields: Record<string, string | undefined>,
  image?: { bytes: Buffer; type: string; name?: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  if (image)
    form.set("image", new File([new Uint8Array(image.bytes)], image.name ?? "screenshot.png", { type: image.type }));
  return form;
}

function send(client: HttpClient, body: FormData, headers = newAddress()) {
  return client.request("/api/support", { method: "POST", body, headers });
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe("support API", () => {
  let server: TestServer;
  let superAdmin: HttpClient;
  const db = () => server.context.database.db;
  const rowsWithSubject = (subject: string) =>
    db().select().from(supportMessages).where(eq(supportMessages.subject, subject));

  beforeAll(async () => {
    server = await startTestServer({
      env: { SUPER_ADMIN_EMAILS: "team@campo.test,boss@campo.test", TRUST_PROXY: "true" },
    });
    superAdmin = server.client();
    await superAdmin.signUp("team@campo.test");
  });
  afterAll(() => server?.stop());

  it("stores a visitor's message with an image, e-mails the team a link that only super admins can open", async () => {
    const image = pngBytes("visitor-shot");
    const response = await send(
      server.client(),
      formOf({ ...valid, fullName: "  Maria Silva " }, { bytes: image, type: "image/png" }),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const [stored] = await db().select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(stored).toMatchObject({ ...valid, userId: null, imageKey: `support/${id}.png` });
    expect(existsSync(path.join(server.context.config.dataDir, "uploads", "support", `${id}.png`))).toBe(true);

    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "support"));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["boss@campo.test", "team@campo.test"]);
    expect(mails[0]!.subject).toBe(`[Suporte] ${valid.subject}`);
    const imageUrl = `${server.context.config.publicUrl}/api/support/${id}/image`;
    expect(mails[0]!.textBody).toContain(imageUrl);
    expect(mails[0]!.textBody).toContain(valid.message);

    const download = await superAdmin.get(`/api/support/${id}/image`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await download.arrayBuffer()).equals(image)).toBe(true);
  });

  it("stores a signed-in user's message without an image under their id", async () => {
    const client = server.client();
    const user = await client.signUp("colaborador@campo.test");
    const response = await send(client, formOf({ ...valid, subject: "Sem imagem, com login" }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [stored] = await db().select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(stored).toMatchObject({ userId: user.id, imageKey: null, subject: "Sem imagem, com login" });
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "[Suporte] Sem imagem, com login"));
    expect(mail!.textBody).not.toContain("/image");
    expect((await superAdmin.get(`/api/support/${id}/image`)).status).toBe(404);
  });

  it("serves images to super admins only", async () => {
    const response = await send(
      server.client(),
      formOf(valid, { bytes: jpegBytes(4096, 3), type: "image/jpeg", name: "a.jpg" }),
    );
    const { id } = (await response.json()) as { id: string };
    const user = server.client();
    await user.signUp("curioso@campo.test");
    expect((await user.get(`/api/support/${id}/image`)).status).toBe(403);
    expect((await server.client().get(`/api/support/${id}/image`)).status).toBe(401);
    const asAdmin = await superAdmin.get(`/api/support/${id}/image`);
    expect([asAdmin.status, asAdmin.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect((await superAdmin.get("/api/support/not-a-uuid/image")).status).toBe(404);
    expect((await superAdmin.get("/api/support/00000000-0000-4000-8000-000000000000/image")).status).toBe(404);
  });

  it("refuses a file that is not a PNG, JPEG or WebP by its bytes, whatever it claims, and stores nothing", async () => {
    const subject = "Arquivo de tipo errado";
    const gif = Buffer.from("GIF89a" + "\0".repeat(64));
    const asPng = await send(
      server.client(),
      formOf({ ...valid, subject }, { bytes: gif, type: "image/png", name: "x.png" }),
    );
    expect([asPng.status, await errorCode(asPng)]).toEqual([415, "INVALID_FILE_TYPE"]);
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const asHtml = await send(
      server.client(),
      formOf({ ...valid, subject }, { bytes: html, type: "text/html", name: "x.html" }),
    );
    expect([asHtml.status, await errorCode(asHtml)]).toEqual([415, "INVALID_FILE_TYPE"]);
    expect(await rowsWithSubject(subject)).toEqual([]);
  });

  it("refuses an image over 5 MB, just over and far over, and stores nothing", async () => {
    const subject = "Imagem grande demais";
    const justOver = await send(
      server.client(),
      formOf({ ...valid, subject }, { bytes: jpegBytes(SUPPORT_IMAGE_MAX_BYTES + 1), type: "image/jpeg" }),
    );
    expect([justOver.status, await errorCode(justOver)]).toEqual([413, "FILE_TOO_LARGE"]);
    const farOver = await send(
      server.client(),
      formOf({ ...valid, subject }, { bytes: jpegBytes(SUPPORT_IMAGE_MAX_BYTES + 1024 * 1024), type: "image/jpeg" }),
    );
    expect([farOver.status, await errorCode(farOver)]).toEqual([413, "FILE_TOO_LARGE"]);
    const exactly = await send(
      server.client(),
      formOf(
        { ...valid, subject: "Imagem de 5 MB" },
        { bytes: jpegBytes(SUPPORT_IMAGE_MAX_BYTES), type: "image/jpeg" },
      ),
    );
    expect(exactly.status).toBe(201);
    expect(await rowsWithSubject(subject)).toEqual([]);
  });

  it("rejects missing and out-of-range fields with the contact form's message keys, and a non-multipart body", async () => {
    const response = await send(server.client(), formOf({ ...valid, celular: "123", message: undefined }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details.map(({ path: field, message }) => ({ path: field, message }))).toEqual([
      { path: "celular", message: "celular.min" },
      { path: "message", message: "message.required" },
    ]);
    const json = await server.client().post("/api/support", valid, { headers: newAddress() });
    expect([json.status, await errorCode(json)]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
  });

  it("refuses a cross-site post", async () => {
    const response = await send(server.client(), formOf(valid), { origin: "https://evil.example", ...newAddress() });
    expect(response.status).toBe(403);
  });

  it(`accepts ${SUPPORT_RATE_LIMIT.max} messages per address in ${SUPPORT_RATE_LIMIT.window / 60} minutes, then answers 429`, async () => {
    const client = server.client();
    const address = newAddress();
    for (let i = 0; i < SUPPORT_RATE_LIMIT.max; i++) {
      expect((await send(client, formOf(valid), address)).status).toBe(201);
    }
    const blocked = await send(client, formOf(valid), address);
    expect([blocked.status, await errorCode(blocked)]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
