import type { Db } from "../../db/client.ts";
import { escapeXml } from "../../lib/escape-xml.ts";
import type { PageHtml } from "../../static-web.ts";
import { blogCoverUrl } from "../../presenters/blog-presenter.ts";
import { markdownExcerpt } from "../../../shared/blog/markdown.ts";
import { findReadablePost } from "./public-posts.ts";

const POST_PATH = /^\/blog\/([^/]+)\/?$/;

export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image: string | null;
}

/** The built index.html with the page's title, description, Open Graph tags and canonical link (crawlers run no JS). */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const tags = [
    `<meta property="og:title" content="${escapeXml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeXml(meta.description)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:url" content="${escapeXml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeXml(meta.image)}" />`] : []),
    `<link rel="canonical" href="${escapeXml(meta.url)}" />`,
  ].join("\n    ");
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeXml(meta.title)} · Campo</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeXml(meta.description)}" />`,
    )
    .replace("</head>", () => `    ${tags}\n  </head>`);
}

function decodeSlug(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The HTML for /blog/:slug: a public post's page carries its meta tags; an unknown, draft or scheduled slug answers
 * 404 with the plain app shell, which then shows the app's 404 page (or a super admin's preview).
 */
export function blogPostPageHtml(db: Db, publicUrl: string): PageHtml {
  return async (pathname, indexHtml) => {
    const raw = POST_PATH.exec(pathname)?.[1];
    if (raw === undefined) return null;
    const slug = decodeSlug(raw);
    const found = slug === null ? null : await findReadablePost(db, slug, new Date(), false);
    if (!found) return { status: 404, html: indexHtml };
    const { row } = found;
    const cover = blogCoverUrl(row.coverImageKey);
    return {
      status: 200,
      html: withPageMeta(indexHtml, {
        title: row.title,
        description: row.description || markdownExcerpt(row.bodyMarkdown),
        url: `${publicUrl}/blog/${encodeURIComponent(row.slug)}`,
        image: cover ? publicUrl + cover : null,
      }),
    };
  };
}
