import type { ControlProps } from "../blocks/field-shell.tsx";
import type { CollectField, FormValue } from "../logic/form-values.ts";

export interface WidgetProps<F extends CollectField["fieldType"] = CollectField["fieldType"]> {
  field: Extract<CollectField, { fieldType: F }>;
  value: FormValue | undefined;
  onChange: (value: FormValue) => void;
  control: ControlProps;
}

/** Spreads the wiring onto a single control (the label is a real <label for>, so labelId is not needed). */
export function inputAria({ labelId: _labelId, ...rest }: ControlProps) {
  return rest;
}

/** Spreads the wiring onto a group element labelled by the field's label. */
export function groupAria({ id, labelId, ...rest }: ControlProps) {
  return { id, "aria-labelledby": labelId, ...rest };
}

/** The same for role="group", which ARIA gives no aria-required (radiogroups have it); the label's mark says it. */
export function plainGroupAria(control: ControlProps) {
  const { "aria-required": _required, ...rest } = groupAria(control);
  return rest;
}

/** Touch targets of at least 44 px (WCAG 2.5.5) with readable text on phones. */
export const TOUCH_INPUT = "h-12 text-base";
