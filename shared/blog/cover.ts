import { SUPPORT_IMAGE_ACCEPT, SUPPORT_IMAGE_MAX_BYTES } from "../contact/support-schema.ts";

/** The cover takes what the support form's image takes (PNG, JPEG, WebP by magic bytes on the server, 5 MB). */
export const BLOG_COVER_MAX_BYTES = SUPPORT_IMAGE_MAX_BYTES;
export const BLOG_COVER_ACCEPT = SUPPORT_IMAGE_ACCEPT;
