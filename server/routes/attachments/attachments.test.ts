import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { grantRole, signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import {
  createForm,
  jpegBytes,
  pngBytes,
  record,
  sha256,
  sync,
  upload,
  validAnswers,
  type FormFixture,
} from "../../test-support/fixtures/sync-fixtures.ts";

function put(client: HttpClient, hash: string, body: Buffer, contentType = "image/png") {
  return client.request(`/api/attachments/${hash}`, {
    method: "PUT",
    body: new Uint8Array(body),
    headers: { "content-type": contentType },
  });
}

describe("attachments API", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  let form: FormFixture;
  const db = () => server.context.database.db;

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    ownerId = (await signUpAs(owner, "dona-midia@campo.test")).id;
    form = await createForm(db(), ownerId);
  });
  afterAll(() => server.stop());

  it("stores an image under its hash and answers a retry with the same attachment", async () => {
    const bytes = pngBytes("idempotent");
    const first = await put(owner, sha256(bytes), bytes);
    expect(first.status).toBe(201);
    const created = (await first.json()) as {
      attachmentId: string;
      sha256: string;
      contentType: string;
      bytes: number;
    };
    expect(created).toMatchObject({ sha256: sha256(bytes), contentType: "image/png", bytes: bytes.length });
    const retry = await put(owner, sha256(bytes).toUpperCase(), bytes);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { attachmentId: string }).attachmentId).toBe(created.attachmentId);

    const download = await owner.get(`/api/attachments/${created.attachmentId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("cache-control")).toMatch(/^private/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("takes the content type from the bytes, not from the header", async () => {
    const bytes = jpegBytes(2048, 7);
    const response = await put(owner, sha256(bytes), bytes, "image/png");
    expect(response.status).toBe(201);
    expect(((await response.json()) as { contentType: string }).contentType).toBe("image/jpeg");
  });

  it("refuses a body that does not match its hash, non-image bytes, oversize bodies and anonymous uploads", async () => {
    const bytes = pngBytes("mismatch");
    expect((await put(owner, sha256(pngBytes("other")), bytes)).status).toBe(400);
    expect((await put(owner, "not-a-hash", bytes)).status).toBe(400);
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const refused = await put(owner, sha256(html), html, "image/png");
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const huge = jpegBytes(10 * 1024 * 1024 + 1);
    expect((await put(owner, sha256(huge), huge, "image/jpeg")).status).toBe(413);
    expect((await put(server.client(), sha256(bytes), bytes)).status).toBe(401);
  });

  it("serves linked media only to readers of the record: admins, and collaborators for their own records", async () => {
    const [collaboratorA, collaboratorB, admin, stranger] = await Promise.all(
      ["colab-a@campo.test", "colab-b@campo.test", "admin@campo.test", "fora@campo.test"].map(async (email) => {
        const client = server.client();
        return { client, user: await signUpAs(client, email) };
      }),
    );
    assert(collaboratorA);
    assert(collaboratorB);
    assert(admin);
    assert(stranger);
    for (const [member, role] of [
      [collaboratorA, "collaborator"],
      [collaboratorB, "collaborator"],
      [admin, "admin_invited"],
    ] as const) {
      await grantRole(db(), {
        ownerId,
        userId: member.user.id,
        email: member.user.email,
        applicationId: form.applicationId,
        role,
      });
    }
    const photo = await upload(collaboratorA.client, pngBytes("a-photo"));
    // Before linking only the uploader may fetch it.
    expect((await collaboratorA.client.get(`/api/attachments/${photo.attachmentId}`)).status).toBe(200);
    expect((await admin.client.get(`/api/attachments/${photo.attachmentId}`)).status).toBe(404);

    const withPhoto = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.photo]: photo },
    });
    expect((await sync(collaboratorA.client, [withPhoto])).results[0]?.status).toBe("created");

    const statusFor = async (client: HttpClient) => (await client.get(`/api/attachments/${photo.attachmentId}`)).status;
    expect(await statusFor(collaboratorA.client)).toBe(200);
    expect(await statusFor(owner)).toBe(200);
    expect(await statusFor(admin.client)).toBe(200);
    expect(await statusFor(collaboratorB.client)).toBe(404);
    expect(await statusFor(stranger.client)).toBe(404);
    expect(await statusFor(server.client())).toBe(401);
    expect((await owner.get("/api/attachments/not-a-uuid")).status).toBe(404);
  });
});
