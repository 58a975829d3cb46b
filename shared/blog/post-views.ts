import { z } from "zod";
import { LANGUAGES, type Language } from "../i18n/languages.ts";
import type { BlogStatus } from "./post-schema.ts";

/** A post in the public list. */
export interface BlogPostSummary {
  id: string;
  slug: string;
  language: Language;
  title: string;
  excerpt: string;
  coverUrl: string | null;
  publishedAt: string;
  readingMinutes: number;
}

export interface BlogPostPage {
  posts: BlogPostSummary[];
  page: number;
  pageSize: number;
  total: number;
}

/** A post as its page shows it; `status` is not "published" only in a super admin's preview. */
export interface BlogPostView extends Omit<BlogPostSummary, "publishedAt"> {
  description: string;
  html: string;
  publishedAt: string | null;
  status: BlogStatus;
  translations: { language: Language; slug: string }[];
}

/** A post in the blog admin: everything the editor needs. */
export interface BlogAdminPost {
  id: string;
  slug: string;
  language: Language;
  translationOf: string | null;
  title: string;
  description: string;
  bodyMarkdown: string;
  coverUrl: string | null;
  status: BlogStatus;
  publishedAt: string | null;
  updatedAt: string;
}

const status = z.enum(["draft", "scheduled", "published"]);
const language = z.enum(LANGUAGES);
const summaryShape = {
  id: z.uuid(),
  slug: z.string(),
  language,
  title: z.string(),
  excerpt: z.string(),
  coverUrl: z.string().nullable(),
  publishedAt: z.string(),
  readingMinutes: z.number().int(),
};

/** The blog's answers as schemas (OpenAPI reference, test servers' response check), typed as their DTOs. */
export const blogPostPageSchema: z.ZodType<BlogPostPage> = z.object({
  posts: z.array(z.object(summaryShape) satisfies z.ZodType<BlogPostSummary>),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

const postViewSchema: z.ZodType<BlogPostView> = z.object({
  ...summaryShape,
  publishedAt: z.string().nullable(),
  description: z.string(),
  html: z.string(),
  status,
  translations: z.array(z.object({ language, slug: z.string() })),
});
export const blogPostResponseSchema = z.object({ post: postViewSchema });

const adminPostSchema: z.ZodType<BlogAdminPost> = z.object({
  id: z.uuid(),
  slug: z.string(),
  language,
  translationOf: z.uuid().nullable(),
  title: z.string(),
  description: z.string(),
  bodyMarkdown: z.string(),
  coverUrl: z.string().nullable(),
  status,
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const blogAdminPostResponseSchema = z.object({ post: adminPostSchema });
export const blogAdminPostListSchema = z.object({ posts: z.array(adminPostSchema) });
