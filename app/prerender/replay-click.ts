/**
 * A click on the prerendered landing before the app has drawn it again: which link or button it was, told by what
 * the visitor sees of it (kind, address, name) and which of the page's equal ones, so that the same element of the
 * app's page can be clicked once it is there (the app's tree around the landing is not the prerender's).
 */
export interface PendingClick {
  key: string;
  occurrence: number;
}

const CLICKABLE = "a[href], button";

/** Links and buttons need the app (router state, tracking, menus); same-page anchors and new tabs do not. */
export function clickNeedsApp(event: MouseEvent): HTMLElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CLICKABLE) : null;
  if (!target) return null;
  if (target instanceof HTMLAnchorElement) {
    if (target.target && target.target !== "_self") return null;
    if (target.origin !== location.origin) return null;
    if (target.pathname === location.pathname && target.search === location.search && target.hash) return null;
  }
  return target;
}

function keyOf(element: Element): string {
  const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
  return `${element.tagName} ${element.getAttribute("href") ?? ""} ${name}`;
}

function equalsOf(root: Element, key: string): Element[] {
  return Array.from(root.querySelectorAll(CLICKABLE)).filter((element) => keyOf(element) === key);
}

export function pendingClickOn(root: Element, element: HTMLElement): PendingClick {
  const key = keyOf(element);
  return { key, occurrence: equalsOf(root, key).indexOf(element) };
}

/** Clicks the same element of the app's page once it has one; false while it has not (a loading screen). */
export function replayClick(root: Element, pending: PendingClick): boolean {
  const element = equalsOf(root, pending.key)[pending.occurrence];
  if (!(element instanceof HTMLElement)) return false;
  // Focus first, as a real click gives it: a tab (Radix) switches on focus or on the press, not on the click event.
  element.focus();
  element.click();
  return true;
}
