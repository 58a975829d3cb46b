import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localStorage } from "./local-storage.ts";
import { detectImageType } from "./image-type.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "campo-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe("local storage", () => {
  const storage = localStorage(root);

  it("stores, streams back and deletes bytes, leaving no temporary files", async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await storage.put("user/abc", bytes, "image/png");
    const stream = await storage.get("user/abc");
    expect(stream).not.toBeNull();
    expect([...(await readAll(stream!))]).toEqual([1, 2, 3, 4]);
    expect(readdirSync(path.join(root, "user"))).toEqual(["abc"]);
    await storage.delete("user/abc");
    expect(await storage.get("user/abc")).toBeNull();
    await storage.delete("user/abc");
  });

  it("refuses keys that would leave its folder", async () => {
    for (const key of ["../escape", "/abs", "a/../../b", "a//b", ""]) {
      await expect(storage.put(key, new Uint8Array([1]), "image/png")).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe("image type detection", () => {
  it("recognises PNG, JPEG and WebP by their magic bytes and nothing else", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
    const jpeg = Buffer.from("ffd8ffe000104a46494600010100000100010000ffdb", "hex");
    const webp = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([0x1a, 0, 0, 0]),
      Buffer.from("WEBPVP8 "),
      Buffer.alloc(16),
    ]);
    expect(await detectImageType(png)).toBe("image/png");
    expect(await detectImageType(jpeg)).toBe("image/jpeg");
    expect(await detectImageType(webp)).toBe("image/webp");
    expect(await detectImageType(Buffer.from("GIF89a" + "\0".repeat(20)))).toBeNull();
    expect(await detectImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });
});
