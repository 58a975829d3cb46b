import sanitizeHtml from "sanitize-html";
import { createBlogMarkdown } from "../../../shared/blog/markdown.ts";

const markdown = createBlogMarkdown();

/**
 * The allow-list after markdown-it: what Markdown itself produces and nothing else. Should a Markdown path ever emit
 * raw HTML, an event handler or a script URL, this drops it: no attribute outside the list, no scheme outside it.
 */
const ALLOW_LIST: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code"],
    ...["ul", "ol", "li", "strong", "em", "s", "a", "img"],
    ...["table", "thead", "tbody", "tr", "th", "td"],
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "loading"],
    ol: ["start"],
    th: ["style"],
    td: ["style"],
    code: ["class"],
  },
  allowedStyles: { "*": { "text-align": [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
};

/** A post's Markdown as the HTML its page shows: rendered with raw HTML off, then sanitised. */
export function renderBlogMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), ALLOW_LIST);
}
