import type { Language } from "../i18n/languages.ts";
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
