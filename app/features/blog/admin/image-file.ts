import { BLOG_COVER_ACCEPT, BLOG_COVER_MAX_BYTES } from "../../../../shared/blog/cover.ts";

/** The browser's quick check of a cover or a body image (the server checks the bytes): a "blog" key, or null. */
export function imageFileProblem(file: File): "validation.coverType" | "validation.coverSize" | null {
  if (!BLOG_COVER_ACCEPT.split(",").includes(file.type)) return "validation.coverType";
  if (file.size > BLOG_COVER_MAX_BYTES) return "validation.coverSize";
  return null;
}
