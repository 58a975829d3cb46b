import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { fieldNameFromLabel } from "../../../shared/fields/field-config.ts";
import type { FieldType } from "../../../shared/fields/field-types.ts";
import { BYTES_PER_MB, MAX_UPLOAD_BYTES } from "../../../shared/fields/media-rules.ts";
import { applications, formFields } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { m4aBytes, mp3Bytes, mp4Bytes, oggOpusBytes, wavBytes, webmBytes } from "../../test-support/media-bytes.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { pngBytes, record, sha256, sync } from "../../test-support/fixtures/sync-fixtures.ts";

interface Uploaded {
  attachmentId: string;
  sha256: string;
  contentType: string;
  bytes: number;
}

interface ErrorBody {
  error: { code: string; details?: { fieldError?: { key: string; params?: Record<string, unknown> } } };
}

describe("audio, video and file uploads", () => {
  let server: TestServer;
  let owner: HttpClient;
  let applicationId: string;
  const ids: Record<"audio" | "video" | "pdfOnly" | "anyFile", string> = {
    audio: "",
    video: "",
    pdfOnly: "",
    anyFile: "",
  };

  function put(bytes: Buffer, target: { fieldId?: string; name?: string } = {}) {
    const params = new URLSearchParams({ applicationId });
    if (target.fieldId) params.set("fieldId", target.fieldId);
    if (target.name) params.set("name", target.name);
    return owner.request(`/api/attachments/${sha256(bytes)}?${params.toString()}`, {
      method: "PUT",
      body: new Uint8Array(bytes),
      // The declared type is a lie on purpose: only the bytes count.
      headers: { "content-type": "image/png" },
    });
  }

  async function stored(bytes: Buffer, target: { fieldId?: string; name?: string }): Promise<Uploaded> {
    const response = await put(bytes, target);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Uploaded;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    const ownerId = (await signUpAs(owner, "dona-audio@campo.test")).id;
    const db = server.context.database.db;
    const [application] = await db.insert(applications).values({ ownerId, name: "Entrevistas" }).returning();
    assert(application);
    applicationId = application.id;
    const definitions: { fieldType: FieldType; label: string; config: Record<string, unknown> }[] = [
      { fieldType: "audio", label: "Depoimento", config: { maxSize: 1, maxDuration: 60 } },
      { fieldType: "video", label: "Vídeo", config: {} },
      { fieldType: "file", label: "Laudo", config: { accept: [".pdf", "application/pdf"] } },
      { fieldType: "file", label: "Anexo", config: {} },
    ];
    const rows = await db
      .insert(formFields)
      .values(
        definitions.map((field, position) => ({
          ...field,
          applicationId: application.id,
          position,
          name: fieldNameFromLabel(field.label),
        })),
      )
      .returning();
    const [audio, video, pdfOnly, anyFile] = rows.sort((a, b) => a.position - b.position).map((row) => row.id);
    assert(audio && video && pdfOnly && anyFile);
    Object.assign(ids, { audio, video, pdfOnly, anyFile });
  });
  afterAll(() => server.stop());

  it("detects each audio container by its bytes: WAV, WebM, Ogg Opus, MP3 and M4A", async () => {
    const expected: [Buffer, string][] = [
      [wavBytes(), "audio/wav"],
      [webmBytes(), "video/webm"],
      [oggOpusBytes(), "audio/ogg"],
      [mp3Bytes(), "audio/mpeg"],
      [m4aBytes(), "audio/mp4"],
    ];
    for (const [bytes, contentType] of expected)
      expect((await stored(bytes, { fieldId: ids.audio })).contentType).toBe(contentType);
    expect((await stored(mp4Bytes(), { fieldId: ids.video })).contentType).toBe("video/mp4");
  });

  it("refuses a recording over the question's size with 413 and the field's error, before storing it", async () => {
    const big = wavBytes(BYTES_PER_MB / 2 + 1);
    const response = await put(big, { fieldId: ids.audio });
    expect(response.status).toBe(413);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("FILE_TOO_LARGE");
    expect(body.error.details?.fieldError).toEqual({ key: "mediaTooLarge", params: { max: 1 } });
  });

  it("refuses bytes that are no audio for an audio question, and a file outside the accept list", async () => {
    const image = await put(pngBytes("not-audio"), { fieldId: ids.audio });
    expect(image.status).toBe(415);
    expect(((await image.json()) as ErrorBody).error.details?.fieldError).toEqual({ key: "mediaTypeNotAccepted" });
    const page = Buffer.from("<!doctype html><script>alert(1)</script>");
    const refused = await put(page, { fieldId: ids.pdfOnly, name: "laudo.html" });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as ErrorBody).error.details?.fieldError).toEqual({
      key: "fileTypeNotAccepted",
      params: { accept: ".pdf, application/pdf" },
    });
  });

  it("keeps taking only images when no question is named (photos and older phones)", async () => {
    const response = await owner.request(`/api/attachments/${sha256(wavBytes(10))}`, {
      method: "PUT",
      body: new Uint8Array(wavBytes(10)),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorBody).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses any body over the hard cap as it streams", async () => {
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    const response = await put(huge, { fieldId: ids.anyFile, name: "grande.bin" });
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).error.code).toBe("FILE_TOO_LARGE");
  });

  it("links a recording to its record once and plays it inline", async () => {
    const recording = await stored(wavBytes(400), { fieldId: ids.audio });
    const answer = { ...recording };
    const first = await sync(owner, [record({ applicationId, answers: { [ids.audio]: answer } })]);
    expect(first.results[0]?.status).toBe("created");
    const download = await owner.get(`/api/attachments/${recording.attachmentId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("audio/wav");
    expect(download.headers.get("content-disposition")).toBe("inline");
    expect(Buffer.from(await download.arrayBuffer()).equals(wavBytes(400))).toBe(true);
  });

  it("refuses a record whose answer states another size than the upload, or a size over the cap", async () => {
    const recording = await stored(wavBytes(300), { fieldId: ids.audio });
    const lying = await sync(owner, [
      record({ applicationId, answers: { [ids.audio]: { ...recording, bytes: recording.bytes - 1 } } }),
    ]);
    expect(lying.results[0]).toMatchObject({
      status: "rejected",
      errors: { [ids.audio]: { key: "invalidAttachment" } },
    });
    const oversize = await sync(owner, [
      record({ applicationId, answers: { [ids.audio]: { ...recording, bytes: 2 * BYTES_PER_MB } } }),
    ]);
    expect(oversize.results[0]).toMatchObject({
      status: "rejected",
      errors: { [ids.audio]: { key: "mediaTooLarge" } },
    });
  });

  it("stores an HTML or SVG file as an opaque attachment, served only as a download", async () => {
    const files: [string, Buffer][] = [
      ["pagina.html", Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>")],
      ["desenho.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ["desenho-xml.svg", Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ];
    for (const [fileName, bytes] of files) {
      const file = await stored(bytes, { fieldId: ids.anyFile, name: fileName });
      const synced = await sync(owner, [record({ applicationId, answers: { [ids.anyFile]: { ...file, fileName } } })]);
      expect(synced.results[0]?.status, fileName).toBe("created");
      const download = await owner.get(`/api/attachments/${file.attachmentId}`);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition"), fileName).toBe("attachment");
      expect(download.headers.get("content-type"), fileName).toBe("application/octet-stream");
      expect(download.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });
});
