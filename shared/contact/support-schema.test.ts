import { describe, expect, it } from "vitest";
import { SUPPORT_IMAGE_MAX_BYTES, supportMessageSchema } from "./support-schema.ts";

const valid = {
  fullName: "Maria Silva",
  email: "maria@example.com",
  celular: "11999998888",
  subject: "Erro ao sincronizar",
  message: "Meus registros não sincronizam desde ontem.",
};

function issuesFor(input: Record<string, unknown>): Record<string, string> {
  const result = supportMessageSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("supportMessageSchema", () => {
  it("accepts the contact fields without an image, and with a PNG, JPEG or WebP up to 5 MB", () => {
    expect(issuesFor(valid)).toEqual({});
    for (const type of ["image/png", "image/jpeg", "image/webp"]) {
      expect(
        issuesFor({ ...valid, image: new File([new Uint8Array(SUPPORT_IMAGE_MAX_BYTES)], "shot", { type }) }),
      ).toEqual({});
    }
  });

  it("keeps the contact form's field rules", () => {
    expect(issuesFor({ ...valid, fullName: "Al", email: "nope" })).toEqual({
      fullName: "fullName.min",
      email: "email.invalid",
    });
  });

  it("refuses other file types and images over 5 MB", () => {
    expect(issuesFor({ ...valid, image: new File(["GIF89a"], "a.gif", { type: "image/gif" }) })).toEqual({
      image: "image.type",
    });
    expect(issuesFor({ ...valid, image: "not a file" })).toEqual({ image: "image.type" });
    const big = new File([new Uint8Array(SUPPORT_IMAGE_MAX_BYTES + 1)], "big.png", { type: "image/png" });
    expect(issuesFor({ ...valid, image: big })).toEqual({ image: "image.size" });
  });
});
