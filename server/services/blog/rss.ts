import type { BlogPostRow } from "../../db/queries/blog-posts.ts";
import { escapeXml } from "../../lib/escape-xml.ts";
import { markdownExcerpt } from "../../../shared/blog/markdown.ts";

const CHANNEL_TEXT: Record<string, { title: string; description: string }> = {
  "pt-BR": { title: "Blog do Campo", description: "Novidades e dicas de coleta de dados em campo." },
  en: { title: "Campo blog", description: "News and tips on field data collection." },
  es: { title: "Blog de Campo", description: "Novedades y consejos de recolección de datos en campo." },
};

/** An RSS 2.0 feed of the given posts (newest first), every text escaped, every link absolute under `publicUrl`. */
export function renderBlogRss(publicUrl: string, language: string, posts: BlogPostRow[]): string {
  const channel = CHANNEL_TEXT[language] ?? CHANNEL_TEXT["pt-BR"]!;
  const items = posts.map((post) => {
    const link = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <description>${escapeXml(post.description || markdownExcerpt(post.bodyMarkdown))}</description>`,
      post.publishedAt ? `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>` : "",
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(`${publicUrl}/blog`)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(language)}</language>`,
    `    <atom:link href="${escapeXml(`${publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
