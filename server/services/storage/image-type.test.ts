import { describe, expect, it } from "vitest";
import { detectImageType } from "./image-type.ts";

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
