import { useEffect } from "react";

export interface DocumentMeta {
  title: string;
  description: string;
  image: string | null;
  /** Path on this site; made absolute with the page's origin. */
  path: string;
}

/**
 * Sets `attribute` on the head element that `match` identifies (made when missing); returns what puts the app's own
 * head back. Tags the server wrote for a first load of a post (server/services/blog/post-page-html.ts) count as
 * missing (`data-page-meta`), and the app's own value of a tag it rewrote is in `data-default`.
 */
function setHeadTag(tag: "meta" | "link", match: Record<string, string>, attribute: string, value: string | null) {
  const selector =
    tag +
    Object.entries(match)
      .map(([key, text]) => `[${key}="${text}"]`)
      .join("");
  const found = document.head.querySelector(selector);
  const existing = found?.hasAttribute("data-page-meta") ? null : found;
  if (!found && value === null) return () => undefined;
  const element = found ?? document.head.appendChild(document.createElement(tag));
  if (!found) for (const [key, text] of Object.entries(match)) element.setAttribute(key, text);
  const previous = element.getAttribute("data-default") ?? element.getAttribute(attribute);
  if (value === null) element.removeAttribute(attribute);
  else element.setAttribute(attribute, value);
  return () => {
    if (!existing) element.remove();
    else if (previous === null) element.removeAttribute(attribute);
    else element.setAttribute(attribute, previous);
  };
}

/**
 * Keeps the head in step with the page the app shows, as the server writes it on a first load of the same page
 * (server/services/blog/post-page-html.ts): title, description, Open Graph and canonical; restored on leaving.
 */
export function useDocumentMeta(page: DocumentMeta | null): void {
  const title = page?.title;
  const description = page?.description;
  const image = page?.image ?? null;
  const path = page?.path;
  useEffect(() => {
    if (title === undefined || description === undefined || path === undefined) return;
    const url = new URL(path, window.location.origin).href;
    const previousTitle = document.querySelector("title")?.getAttribute("data-default") ?? document.title;
    document.title = `${title} · Campo`;
    const og = (property: string, value: string | null) => setHeadTag("meta", { property }, "content", value);
    const restores = [
      setHeadTag("meta", { name: "description" }, "content", description),
      og("og:title", title),
      og("og:description", description),
      og("og:type", "article"),
      og("og:url", url),
      og("og:image", image ? new URL(image, window.location.origin).href : null),
      setHeadTag("link", { rel: "canonical" }, "href", url),
    ];
    return () => {
      document.title = previousTitle;
      for (const restore of restores) restore();
    };
  }, [title, description, image, path]);
}
