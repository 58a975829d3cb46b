import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug.ts";

export const BLOG_TITLE_MAX = 200;
export const BLOG_DESCRIPTION_MAX = 300;
export const BLOG_BODY_MAX = 100_000;
/** Public list page size. */
export const BLOG_PAGE_SIZE = 10;

/**
 * What the blog admin's form sends to create or edit a post. Error messages are keys of the `blog` namespace
 * (`validation.*`), shown under the field.
 */
export const blogPostInputSchema = z.object({
  title: z.string().trim().min(1, "validation.titleRequired").max(BLOG_TITLE_MAX, "validation.titleTooLong"),
  slug: z
    .string()
    .trim()
    .min(1, "validation.slugRequired")
    .max(SLUG_MAX_LENGTH, "validation.slugTooLong")
    .regex(SLUG_PATTERN, "validation.slugInvalid"),
  description: z.string().trim().max(BLOG_DESCRIPTION_MAX, "validation.descriptionTooLong"),
  bodyMarkdown: z.string().max(BLOG_BODY_MAX, "validation.bodyTooLong"),
  language: z.enum(LANGUAGES),
  translationOf: z.uuid().nullable(),
});

export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

/** Publish now (no date) or schedule: a published post whose date is still ahead is scheduled. */
export const blogPublishSchema = z.object({ publishAt: z.iso.datetime({ offset: true }).optional() });

export type BlogPublishInput = z.infer<typeof blogPublishSchema>;

/** The public list's query string. */
export const blogListQuerySchema = z.object({
  language: z.enum(LANGUAGES).default("pt-BR"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export type BlogStatus = "draft" | "scheduled" | "published";

/** Scheduled is not stored: it is a published post whose date has not come yet. */
export function blogStatusOf(status: string, publishedAt: Date | null, now: Date): BlogStatus {
  if (status !== "published" || !publishedAt) return "draft";
  return publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}

/** Reading time at 200 words a minute, at least one minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}
