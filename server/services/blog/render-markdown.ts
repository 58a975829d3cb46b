import type sanitizeHtml from "sanitize-html";
import { createBlogMarkdown } from "../../../shared/blog/markdown.ts";

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

let loading: Promise<(source: string) => string> | undefined;

/**
 * markdown-it and sanitize-html (with postcss and htmlparser2) are imported when the first post is rendered, not at
 * every start: most starts serve no post page (docs/decisions.md).
 */
function loadRenderer(): Promise<(source: string) => string> {
  return (loading ??= Promise.all([import("markdown-it"), import("sanitize-html")]).then(
    ([{ default: MarkdownIt }, { default: sanitize }]) => {
      const markdown = createBlogMarkdown(MarkdownIt);
      return (source) => sanitize(markdown.render(source), ALLOW_LIST);
    },
  ));
}

/** A post's Markdown as the HTML its page shows: rendered with raw HTML off, then sanitised. */
export async function renderBlogMarkdown(source: string): Promise<string> {
  return (await loadRenderer())(source);
}
