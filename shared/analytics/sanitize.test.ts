import { describe, expect, it } from "vitest";
import { pathnameOf, referrerHost, sanitizePath, sanitizeText } from "./sanitize.ts";
import { vitalBand } from "./vitals.ts";

const TOKEN = "Zx81QpLmNo0987654321abcdefABCDEF";

describe("telemetry sanitising", () => {
  it.each([
    [`/accept-invite?token=${TOKEN}`, "/accept-invite?token=Zx81Qp"],
    [`/reset-password?token=${TOKEN}&lang=en`, "/reset-password?token=Zx81Qp&lang=en"],
    [`/invite/${TOKEN}/accept`, "/invite/Zx81Qp/accept"],
    [`/somewhere/${TOKEN}`, "/somewhere/Zx81Qp"],
    [
      "/applications/0d6c3a8e-1f2b-4c5d-8e9f-0a1b2c3d4e5f/collect",
      "/applications/0d6c3a8e-1f2b-4c5d-8e9f-0a1b2c3d4e5f/collect",
    ],
    ["/contact?email=ana%40x.com&subject=oi", "/contact?subject=oi"],
    ["/auth?next=ana@x.com", "/auth"],
    ["/billing/local-checkout?session_id=cs_123&plan=pro", "/billing/local-checkout?plan=pro"],
    ["/home#features", "/home"],
  ])("%s → %s", (path, expected) => {
    expect(sanitizePath(path)).toBe(expected);
  });

  it("removes e-mails from text and masks text over 200 characters", () => {
    expect(sanitizeText("Contato de ana.silva@example.com.br")).toBe("Contato de [email]");
    expect(sanitizeText("y".repeat(200))).toBe("y".repeat(200));
    expect(sanitizeText("y".repeat(201))).toBe(`${"y".repeat(20)}…[201 chars masked]`);
  });

  it("keeps only a foreign referrer's host", () => {
    expect(referrerHost("https://www.google.com/search?q=campo", "campo.app")).toBe("www.google.com");
    expect(referrerHost("https://campo.app/home", "campo.app")).toBeNull();
    expect(referrerHost("not a url", "campo.app")).toBeNull();
    expect(referrerHost(undefined, "campo.app")).toBeNull();
  });

  it("groups pages by pathname", () => {
    expect(pathnameOf("/contact?subject=oi")).toBe("/contact");
    expect(pathnameOf("")).toBe("/");
  });

  it.each([
    ["LCP", 2500, "good"],
    ["LCP", 2501, "needsImprovement"],
    ["LCP", 4001, "poor"],
    ["CLS", 0.1, "good"],
    ["CLS", 0.25, "needsImprovement"],
    ["INP", 501, "poor"],
    ["TTFB", 800, "good"],
    ["FCP", 3000, "needsImprovement"],
  ] as const)("%s of %d is %s", (metric, value, band) => {
    expect(vitalBand(metric, value)).toBe(band);
  });
});
