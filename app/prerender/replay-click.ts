/**
 * A click on the prerendered landing before the app has drawn it again: where it landed (the element's position in
 * the tree under the root), so that the same element in the app's identical tree can be clicked once it is there.
 */
export interface PendingClick {
  path: number[];
  tagName: string;
  href: string | null;
}

/** Links and buttons need the app (router state, tracking, menus); same-page anchors and new tabs do not. */
export function clickNeedsApp(event: MouseEvent): HTMLElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>("a[href], button") : null;
  if (!target) return null;
  if (target instanceof HTMLAnchorElement) {
    if (target.target && target.target !== "_self") return null;
    if (target.origin !== location.origin) return null;
    if (target.pathname === location.pathname && target.search === location.search && target.hash) return null;
  }
  return target;
}

export function pendingClickOn(root: Element, element: HTMLElement): PendingClick {
  const path: number[] = [];
  for (let node: Element = element; node !== root && node.parentElement; node = node.parentElement)
    path.unshift(Array.from(node.parentElement.children).indexOf(node));
  return { path, tagName: element.tagName, href: element.getAttribute("href") };
}

/** Clicks the element at the same place in the app's tree, if it is the same kind of element; else nothing. */
export function replayClick(root: Element, pending: PendingClick): boolean {
  let node: Element | undefined = root;
  for (const index of pending.path) node = node?.children[index];
  if (!(node instanceof HTMLElement) || node.tagName !== pending.tagName) return false;
  if (node.getAttribute("href") !== pending.href) return false;
  node.click();
  return true;
}
