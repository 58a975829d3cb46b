import { describe, expect, it } from "vitest";
import { validateAnswer } from "./answer-validation.ts";
import { designedFieldSchema, FIELD_CONFIG_SCHEMAS, type ValidatableField } from "./field-config.ts";
import {
  acceptsFile,
  BYTES_PER_MB,
  canonicalContentType,
  INLINE_CONTENT_TYPES,
  mediaFileError,
  parseAcceptList,
} from "./media-rules.ts";

function field(fieldType: string, config: Record<string, unknown> = {}): ValidatableField {
  return { ...designedFieldSchema.parse({ fieldType, label: fieldType, position: 0, config }), id: `f-${fieldType}` };
}

const REF = { attachmentId: "0b6f2d1e-8c4a-4f3b-9e2d-7a1c5b3d9e0f", sha256: "a".repeat(64) };

describe("media question settings", () => {
  it("gives audio a 10 MB cap and a 5 minute recording, video 25 MB and no length, a file 10 MB and any type", () => {
    expect(FIELD_CONFIG_SCHEMAS.audio.parse({})).toMatchObject({ maxSize: 10, maxDuration: 300 });
    const video = FIELD_CONFIG_SCHEMAS.video.parse({});
    expect(video).toMatchObject({ maxSize: 25, captureMode: "both" });
    expect(video.maxDuration).toBeUndefined();
    expect(FIELD_CONFIG_SCHEMAS.file.parse({})).toMatchObject({ maxSize: 10, accept: [] });
  });

  it("refuses a size cap outside the offered ones and a recording over an hour", () => {
    expect(FIELD_CONFIG_SCHEMAS.audio.safeParse({ maxSize: 7 }).success).toBe(false);
    expect(FIELD_CONFIG_SCHEMAS.audio.safeParse({ maxDuration: 3601 }).success).toBe(false);
    expect(FIELD_CONFIG_SCHEMAS.video.safeParse({ maxSize: 50, maxDuration: null }).success).toBe(true);
  });

  it("keeps accept entries lower case and unique, and refuses one that is neither an extension nor a type", () => {
    expect(FIELD_CONFIG_SCHEMAS.file.parse({ accept: [".PDF", ".pdf", "image/*"] }).accept).toEqual([
      ".pdf",
      "image/*",
    ]);
    const bad = FIELD_CONFIG_SCHEMAS.file.safeParse({ accept: ["pdf"] });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe("invalidAcceptEntry");
    expect(parseAcceptList(".pdf, .DOCX  image/*,,")).toEqual([".pdf", ".docx", "image/*"]);
  });
});

describe("content types", () => {
  it("spells a format one way whatever the browser or the detector called it", () => {
    expect(canonicalContentType("audio/webm;codecs=opus")).toBe("video/webm");
    expect(canonicalContentType("audio/ogg; codecs=opus")).toBe("audio/ogg");
    expect(canonicalContentType("audio/x-m4a")).toBe("audio/mp4");
    expect(canonicalContentType("audio/x-wav")).toBe("audio/wav");
    expect(canonicalContentType("Audio/MP3")).toBe("audio/mpeg");
  });

  it("serves only images, audio and video inline: never HTML, SVG or XML", () => {
    for (const type of ["text/html", "image/svg+xml", "application/xml", "application/pdf", "application/octet-stream"])
      expect(INLINE_CONTENT_TYPES.has(type)).toBe(false);
    for (const type of ["image/png", "audio/wav", "video/mp4"]) expect(INLINE_CONTENT_TYPES.has(type)).toBe(true);
  });
});

describe("accept lists", () => {
  it("matches an extension against the name, a type against the content type, a wildcard against the family", () => {
    expect(acceptsFile([".pdf"], { contentType: "application/pdf", fileName: "laudo.PDF" })).toBe(true);
    expect(acceptsFile([".pdf"], { contentType: "application/pdf", fileName: "laudo.docx" })).toBe(false);
    expect(acceptsFile(["image/*"], { contentType: "image/png", fileName: "x" })).toBe(true);
    expect(acceptsFile(["application/pdf"], { contentType: "image/png", fileName: "x.pdf" })).toBe(false);
    expect(acceptsFile([], { contentType: "application/octet-stream", fileName: "x.bin" })).toBe(true);
  });

  it("names the type of text formats by their extension, since their bytes carry no magic number", () => {
    expect(acceptsFile(["text/csv"], { contentType: "application/octet-stream", fileName: "pontos.csv" })).toBe(true);
    expect(acceptsFile(["text/*"], { contentType: "", fileName: "notas.txt" })).toBe(true);
  });
});

describe("media answers", () => {
  it("caps the size of a recording and takes only audio containers", () => {
    const audio = { fieldType: "audio" as const, config: { maxSize: 1 } };
    expect(mediaFileError(audio, { contentType: "audio/wav", bytes: BYTES_PER_MB })).toBeNull();
    expect(mediaFileError(audio, { contentType: "audio/wav", bytes: BYTES_PER_MB + 1 })).toEqual({
      key: "mediaTooLarge",
      params: { max: 1 },
    });
    expect(mediaFileError(audio, { contentType: "image/png", bytes: 10 })).toEqual({ key: "mediaTypeNotAccepted" });
  });

  it("names the accepted types when a file does not fit the list", () => {
    const file = { fieldType: "file" as const, config: { maxSize: 10, accept: [".pdf", ".docx"] } };
    expect(mediaFileError(file, { contentType: "text/html", bytes: 10, fileName: "x.html" })).toEqual({
      key: "fileTypeNotAccepted",
      params: { accept: ".pdf, .docx" },
    });
  });

  it("validates an answer's stated size, type and name with the question's rules", () => {
    const audio = field("audio", { maxSize: 1 });
    expect(validateAnswer(audio, { ...REF, contentType: "video/webm", bytes: 2000 })).toBeNull();
    expect(validateAnswer(audio, { ...REF, contentType: "video/webm", bytes: 2 * BYTES_PER_MB })?.key).toBe(
      "mediaTooLarge",
    );
    // The size is part of the answer: without it the server could not hold the answer to its cap.
    expect(validateAnswer(audio, { ...REF, contentType: "video/webm" })).toEqual({ key: "invalidAttachment" });
    const file = field("file", { accept: [".csv"] });
    expect(
      validateAnswer(file, { ...REF, contentType: "application/octet-stream", bytes: 5, fileName: "a.csv" }),
    ).toBeNull();
    expect(
      validateAnswer(file, { ...REF, contentType: "application/octet-stream", bytes: 5, fileName: "a.exe" })?.key,
    ).toBe("fileTypeNotAccepted");
    expect(validateAnswer(file, { ...REF, contentType: "text/csv", bytes: 5, fileName: "../a.csv" })).toEqual({
      key: "invalidAttachment",
    });
  });
});
