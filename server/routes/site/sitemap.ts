import { escapeXml } from "../../lib/escape-xml.ts";

/** One page of the sitemap: its path on the site and, when known, when it last changed. */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** Where sitemap entries come from; a later blog adds one that lists its published posts. */
export type SitemapSource = () => Promise<SitemapEntry[]>;

/** The public pages anyone may open (app/features/public/routes.tsx), the landing first. */
export const PUBLIC_PAGES: readonly string[] = [
  "/home",
  "/pricing",
  "/blog",
  "/contact",
  "/install",
  "/privacy-policy",
  "/terms-of-service",
];

export const publicPagesSource: SitemapSource = async () => PUBLIC_PAGES.map((path) => ({ path }));

/** The sitemaps.org document of every source's entries, each page once, as absolute URLs under `publicUrl`. */
export async function renderSitemap(publicUrl: string, sources: readonly SitemapSource[]): Promise<string> {
  const entries = (await Promise.all(sources.map((source) => source()))).flat();
  const seen = new Set<string>();
  const urls = entries
    .filter((entry) => !seen.has(entry.path) && Boolean(seen.add(entry.path)))
    .map((entry) => {
      const lastModified = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
      return `  <url><loc>${escapeXml(publicUrl + entry.path)}</loc>${lastModified}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Crawlers may read the public site; the API and the signed-in app hold nothing for them. */
export function renderRobots(publicUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}
