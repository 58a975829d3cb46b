import type MarkdownIt from "markdown-it";

/** Relative to this site (but not protocol-relative `//host`, which leaves it) or a fragment. */
function isSameOrigin(url: string): boolean {
  return (url.startsWith("/") && !url.startsWith("//")) || url.startsWith("#");
}

/** Links may go to the web, to mail or within the site: never `javascript:`, `data:`, `vbscript:` or `file:`. */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim().toLowerCase();
  return isSameOrigin(trimmed) || /^(https?:|mailto:)/.test(trimmed);
}

/** Images load only from this site or over https (no tracking over http, no data: payloads). */
export function isSafeImageSource(url: string): boolean {
  const trimmed = url.trim().toLowerCase();
  return isSameOrigin(trimmed) || trimmed.startsWith("https:");
}

/**
 * The one Markdown dialect of the blog, for the admin's live preview and the server's rendering: raw HTML is off
 * (written as text), links and images keep only safe addresses. The server also runs the result through
 * sanitize-html (server/services/blog/render-markdown.ts). The constructor is passed in because the server imports
 * markdown-it on first use and the app bundles it.
 */
export function createBlogMarkdown(MarkdownItClass: typeof MarkdownIt) {
  const markdown = new MarkdownItClass({ html: false, linkify: true, typographer: false });
  markdown.validateLink = isSafeLink;
  const renderImage = markdown.renderer.rules.image;
  markdown.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index];
    if (!token || !isSafeImageSource(String(token.attrGet("src") ?? "")) || !renderImage) return "";
    token.attrSet("loading", "lazy");
    return renderImage(tokens, index, options, env, self);
  };
  const renderLinkOpen = markdown.renderer.rules.link_open;
  markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index];
    if (token && /^https?:/i.test(String(token.attrGet("href") ?? "")))
      token.attrSet("rel", "noopener noreferrer nofollow");
    return renderLinkOpen
      ? renderLinkOpen(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };
  return markdown;
}

/** Plain text of the first paragraph-ish part of a body, for list excerpts when a post has no description. */
export function markdownExcerpt(markdown: string, maxLength = 200): string {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`;
}
