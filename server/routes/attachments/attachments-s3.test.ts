import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startS3TestServer, type S3TestServer } from "../../test-support/s3-test-server.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { s3Storage, type BucketStorage } from "../../services/storage/s3-storage.ts";
import { parseStorageUrl } from "../../services/storage/storage-url.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import {
  formWithCollector,
  jpegBytes,
  record,
  sha256,
  sync,
  upload,
  validAnswers,
} from "../../test-support/fixtures/sync-fixtures.ts";

/** With STORAGE_URL set, uploads land in the bucket and readers get them through the same permission check. */
describe("attachments on S3-compatible storage", () => {
  let bucketServer: S3TestServer;
  let bucket: BucketStorage;
  let server: TestServer;

  beforeAll(async () => {
    bucketServer = await startS3TestServer();
    // The AWS SDK's default credential chain reads these, as in production.
    for (const [name, value] of Object.entries(bucketServer.credentials)) vi.stubEnv(name, value);
    bucket = s3Storage(parseStorageUrl(bucketServer.storageUrl));
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, STORAGE_URL: bucketServer.storageUrl } });
  });
  afterAll(async () => {
    await server.stop();
    bucket.close();
    await bucketServer.stop();
    vi.unstubAllEnvs();
  });

  it("stores the upload in the bucket and streams it to the record's readers only", async () => {
    const {
      owner: { client: owner },
      form,
      collector: { client: collector, id: collectorId },
    } = await formWithCollector(server, { owner: "dona-s3@campo.test", collector: "coletor-s3@campo.test" });
    const stranger = server.client();
    await signUpAs(stranger, "estranha-s3@campo.test");

    const bytes = jpegBytes(600 * 1024, 3);
    const photo = await upload(collector, bytes, "image/jpeg");
    const key = `attachments/${collectorId}/${sha256(bytes)}-${photo.attachmentId}`;
    expect(await bucket.storedSha256(key)).toBe(sha256(bytes));
    expect(existsSync(path.join(server.context.config.dataDir, "uploads"))).toBe(false);

    const created = record({
      applicationId: form.applicationId,
      answers: { ...validAnswers(form), [form.fields.photo]: photo },
    });
    expect((await sync(collector, [created])).results[0]?.status).toBe("created");

    for (const reader of [collector, owner]) {
      const response = await reader.get(`/api/attachments/${photo.attachmentId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(response.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
      expect(response.headers.get("cache-control")).toMatch(/^private/);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect((await stranger.get(`/api/attachments/${photo.attachmentId}`)).status).toBe(404);
    expect((await server.client().get(`/api/attachments/${photo.attachmentId}`)).status).toBe(401);

    // Bytes gone from the bucket behind the server's back: a clean 404, not a 5xx.
    await bucket.delete(key);
    expect((await owner.get(`/api/attachments/${photo.attachmentId}`)).status).toBe(404);
  });
});
