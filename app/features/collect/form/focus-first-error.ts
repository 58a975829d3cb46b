const FOCUSABLE =
  'input:not([type="hidden"]):not([hidden]), textarea, select, button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Scrolls to the first block in form order (document order) that has an error and puts focus on its control
 * (spec 001 §5). Blocks carry their answer path in `data-field-id`; a repeat's own block holds its entries, so the
 * innermost match wins only when it comes first.
 */
export function focusFirstError(root: HTMLElement | null, errorPaths: ReadonlySet<string>): void {
  if (!root) return;
  const block = [...root.querySelectorAll<HTMLElement>("[data-field-id]")].find((element) =>
    errorPaths.has(element.dataset.fieldId ?? ""),
  );
  if (!block) return;
  block.scrollIntoView({ behavior: "smooth", block: "center" });
  block.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
}
