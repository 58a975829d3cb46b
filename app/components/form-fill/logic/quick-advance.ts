/** What a field's first control is: where focus lands when a `quick` select moves on. */
const FOCUSABLE = "input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled]), [tabindex='0']";

/**
 * XLSForm `quick`: once a select_one is answered the collector moves on by itself, to the next question on the
 * page, or to the next page when it was the page's last. Runs after the answer has rendered, so that a question
 * the answer just revealed (an `or_other` text) is the next one.
 */
export function advanceFrom(from: Element | null): void {
  requestAnimationFrame(() => {
    const block = from?.closest("[data-field-id]:not(section)");
    const form = block?.closest("form");
    if (!block || !form) return;
    const blocks = [...form.querySelectorAll("[data-field-id]:not(section)")];
    const next = blocks.slice(blocks.indexOf(block) + 1).find((candidate) => !block.contains(candidate));
    if (next) {
      next.scrollIntoView({ block: "center" });
      next.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
      return;
    }
    form.querySelector<HTMLButtonElement>("[data-page-next]:not([disabled])")?.click();
  });
}
