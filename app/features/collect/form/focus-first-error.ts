const FOCUSABLE =
  'input:not([type="hidden"]):not([hidden]), textarea, select, button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Scrolls to the first field in form order that has an error and puts focus on its control (spec 001 §5). */
export function focusFirstError(
  root: HTMLElement | null,
  orderedFieldIds: readonly string[],
  errorIds: ReadonlySet<string>,
): void {
  const first = orderedFieldIds.find((id) => errorIds.has(id));
  if (!root || first === undefined) return;
  const block = root.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(first)}"]`);
  if (!block) return;
  block.scrollIntoView({ behavior: "smooth", block: "center" });
  block.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
}
