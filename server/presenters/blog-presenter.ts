import type { BlogPostRow } from "../db/queries/blog-posts.ts";
import { renderBlogMarkdown } from "../services/blog/render-markdown.ts";
import { markdownExcerpt } from "../../shared/blog/markdown.ts";
import { blogStatusOf, readingMinutes } from "../../shared/blog/post-schema.ts";
import type { BlogAdminPost, BlogPostSummary, BlogPostView } from "../../shared/blog/post-views.ts";
import { normalizeLanguage, type Language } from "../../shared/i18n/languages.ts";

/** Covers are served by name under /api/blog/covers (the key is `blog/<name>`). */
export function blogCoverUrl(key: string | null): string | null {
  return key ? `/api/blog/covers/${key.slice(key.indexOf("/") + 1)}` : null;
}

function languageOf(row: BlogPostRow): Language {
  return normalizeLanguage(row.language) ?? "pt-BR";
}

export function presentBlogSummary(row: BlogPostRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    language: languageOf(row),
    title: row.title,
    excerpt: row.description || markdownExcerpt(row.bodyMarkdown),
    coverUrl: blogCoverUrl(row.coverImageKey),
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    readingMinutes: readingMinutes(row.bodyMarkdown),
  };
}

export async function presentBlogPost(
  row: BlogPostRow,
  translations: { language: string; slug: string }[],
  now: Date,
): Promise<BlogPostView> {
  return {
    ...presentBlogSummary(row),
    description: row.description,
    html: await renderBlogMarkdown(row.bodyMarkdown),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    status: blogStatusOf(row.status, row.publishedAt, now),
    translations: translations.flatMap(({ language, slug }) => {
      const known = normalizeLanguage(language);
      return known ? [{ language: known, slug }] : [];
    }),
  };
}

export function presentBlogAdminPost(row: BlogPostRow, now: Date): BlogAdminPost {
  return {
    id: row.id,
    slug: row.slug,
    language: languageOf(row),
    translationOf: row.translationOf,
    title: row.title,
    description: row.description,
    bodyMarkdown: row.bodyMarkdown,
    coverUrl: blogCoverUrl(row.coverImageKey),
    status: blogStatusOf(row.status, row.publishedAt, now),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
