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

/**
 * The built index.html with the page's title, description, Open Graph tags and canonical link (crawlers run no JS).
 * The app's own title and description stay in `data-default`, and the added tags carry `data-page-meta`, so the
 * client puts the head back as the app has it when the reader moves on (app/features/blog/hooks/use-document-meta.ts).
 */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const tags = [
    `<meta property="og:title" content="${escapeXml(meta.title)}" data-page-meta />`,
    `<meta property="og:description" content="${escapeXml(meta.description)}" data-page-meta />`,
    `<meta property="og:type" content="article" data-page-meta />`,
    `<meta property="og:url" content="${escapeXml(meta.url)}" data-page-meta />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeXml(meta.image)}" data-page-meta />`] : []),
    `<link rel="canonical" href="${escapeXml(meta.url)}" data-page-meta />`,
  ].join("\n    ");
  return indexHtml
    .replace(
      /<title>([^<]*)<\/title>/,
      (_, original: string) =>
        `<title data-default="${original.replace(/"/g, "&quot;")}">${escapeXml(meta.title)} · Campo</title>`,
    )
    .replace(
      /<meta name="description" content="([^"]*)"\s*\/?>/,
      (_, original: string) =>
        `<meta name="description" content="${escapeXml(meta.description)}" data-default="${original}" />`,
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
