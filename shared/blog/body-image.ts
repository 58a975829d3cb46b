import { z } from "zod";

/**
 * Images in a post's body: uploaded by the editor like the cover (same types and size), stored under the post's own
 * folder and served from Campo's origin, so the CSP and the sanitiser let them in. The Markdown names them by URL.
 */
export const BLOG_IMAGE_PATH_PREFIX = "/api/blog/images/";

export const blogImageResponseSchema = z.object({ url: z.string().startsWith(BLOG_IMAGE_PATH_PREFIX) });
export type BlogImageResponse = z.infer<typeof blogImageResponseSchema>;

/** The Markdown that shows an image, its alt text kept to one line without the brackets Markdown would read. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${alt.replace(/[[\]\r\n]+/g, " ").trim()}](${url})`;
}
