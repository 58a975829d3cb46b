import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { PUBLIC_PAGES, publicPagesSource, renderSitemap } from "./sitemap.ts";

describe("GET /robots.txt and /sitemap.xml", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: "https://campo.example.com/" } });
  });
  afterAll(() => server.stop());

  it("robots.txt is plain text that allows the site, keeps crawlers off the API and points at the sitemap", async () => {
    const response = await fetch(`http://localhost:${server.port}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Sitemap: https://campo.example.com/sitemap.xml",
      ]),
    );
  });

  it("sitemap.xml lists every public page under PUBLIC_URL", async () => {
    const response = await fetch(`http://localhost:${server.port}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const body = await response.text();
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PAGES.map((path) => `https://campo.example.com${path}`));
    expect(locations).toContain("https://campo.example.com/home");
    expect(locations).toContain("https://campo.example.com/pricing");
  });
});

describe("renderSitemap", () => {
  it("takes pages from further sources (a blog's posts) once each, escaped, with their last change", async () => {
    const posts = async () => [
      { path: "/blog/mapas&dados", lastModified: new Date("2026-11-01T12:00:00Z") },
      { path: "/home" },
    ];
    const xml = await renderSitemap("https://campo.example.com", [publicPagesSource, posts]);
    expect(xml).toContain(
      "<url><loc>https://campo.example.com/blog/mapas&amp;dados</loc><lastmod>2026-11-01T12:00:00.000Z</lastmod></url>",
    );
    expect(xml.match(/\/home</g)).toHaveLength(1);
  });
});
