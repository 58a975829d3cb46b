import { describe, expect, it } from "vitest";
import { isSuperAdminEmail } from "./super-admin.ts";

describe("isSuperAdminEmail", () => {
  const emails = ["root@campo.test"];

  it("matches a listed e-mail whatever its case", () => {
    expect(isSuperAdminEmail("Root@Campo.TEST", emails)).toBe(true);
  });

  it("refuses an e-mail that is not listed", () => {
    expect(isSuperAdminEmail("user@campo.test", emails)).toBe(false);
    expect(isSuperAdminEmail("root@campo.test", [])).toBe(false);
  });
});
