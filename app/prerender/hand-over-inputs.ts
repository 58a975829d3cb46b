/**
 * What a visitor typed into a prerendered page's fields (the e-mail and password of /auth) before the app drew the
 * page again. The app's first render replaces the drawn elements with its own, which start empty; the drawn ones,
 * detached, still hold the text, so it is read from them once the app's twins are there (same `name`), set on the
 * twins the way React hears a change, and the caret goes back where it was.
 */
const TEXT_TYPES = new Set(["text", "email", "password", "search", "tel", "url", "number"]);
/** Types whose caret the selection API can report and set (e-mail and number fields have none). */
const CARET_TYPES = new Set(["text", "password", "search", "tel", "url"]);

export interface DrawnFields {
  inputs: HTMLInputElement[];
  /** The drawn field the visitor was in, if any. */
  focused: () => HTMLInputElement | null;
}

/** Starts following which drawn field has the focus; call it on the root before the app can load. */
export function followDrawnFields(drawn: Element): DrawnFields {
  const inputs = Array.from(drawn.querySelectorAll("input")).filter(
    (input) => input.name !== "" && TEXT_TYPES.has(input.type),
  );
  let focused: HTMLInputElement | null = null;
  drawn.addEventListener("focusin", (event) => {
    focused = inputs.find((input) => input === event.target) ?? null;
  });
  drawn.addEventListener("focusout", (event) => {
    // Leaving for the page: forget it (entering another drawn field is focusin's). Chromium also blurs an element the
    // app's render removes, before it is gone: that is not the visitor leaving, which tells once the render is over.
    const { target, relatedTarget } = event as FocusEvent;
    const left = focused;
    if (!left || target !== left || relatedTarget !== null) return;
    queueMicrotask(() => {
      if (focused === left && left.isConnected) focused = null;
    });
  });
  return { inputs, focused: () => focused };
}

function twinOf(root: Element, input: HTMLInputElement): HTMLInputElement | null {
  const twin = root.querySelector(`input[name="${CSS.escape(input.name)}"]`);
  return twin instanceof HTMLInputElement && twin.type === input.type && !twin.isSameNode(input) ? twin : null;
}

function setTypedValue(input: HTMLInputElement, value: string): void {
  // React keeps its own record of an input's value, updated by the `value` property: the prototype's setter
  // writes past that record, so the input event that follows reads as the visitor's change (react-hook-form hears it).
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Moves the typed text and the focus to the app's fields in `root`. False while a typed field has no twin yet (the
 * app's first commit may still be a loading screen): call it again on the next change.
 */
export function handOverInputs(root: Element, fields: DrawnFields): boolean {
  const focused = fields.focused();
  const typed = (input: HTMLInputElement) => input.value !== input.defaultValue;
  const moving = fields.inputs.filter((input) => input === focused || typed(input));
  const twins = new Map(moving.map((input) => [input, twinOf(root, input)] as const));
  if ([...twins.values()].includes(null)) return false;
  for (const [input, twin] of twins) if (twin && typed(input)) setTypedValue(twin, input.value);
  const focusTwin = focused && twins.get(focused);
  if (focused && focusTwin && !root.contains(document.activeElement)) {
    focusTwin.focus();
    if (CARET_TYPES.has(focused.type)) focusTwin.setSelectionRange(focused.selectionStart, focused.selectionEnd);
  }
  return true;
}
