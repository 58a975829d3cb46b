import { useId, type ReactNode } from "react";
import { cn } from "../../../lib/cn.ts";
import type { CollectField } from "../logic/form-values.ts";

/** Accessibility wiring a widget puts on its control (or its group element). */
export interface ControlProps {
  id: string;
  labelId: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

interface FieldShellProps {
  field: CollectField;
  /** Shows the asterisk and marks the control `aria-required`. */
  required: boolean;
  /** Already translated. */
  error?: string;
  /** Groups (choices, yes/no, GPS, media) label a group element, not a single input. */
  group?: boolean;
  /** Where the answer lives (`fieldId`, or `repeatId.index.childId` in a repeat entry): focus-on-error finds it. */
  path?: string;
  /** Inside a repeat entry's card: no card of its own. */
  nested?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** Label with required marker, description and error text around one widget; the block is what focus-on-error scrolls to. */
export function FieldShell({
  field,
  required,
  error,
  group = false,
  path = field.id,
  nested = false,
  children,
}: FieldShellProps) {
  const id = `field-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const description = field.config.description;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = {
    id,
    labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(required ? { "aria-required": true as const } : {}),
  };
  const labelContent = (
    <>
      {field.label}
      {required ? (
        <span className="ml-1 text-destructive" aria-hidden>
          *
        </span>
      ) : null}
    </>
  );
  return (
    <div
      data-field-id={path}
      data-invalid={error ? "true" : undefined}
      className={cn(
        "scroll-mt-24 rounded-lg transition-colors",
        nested ? "" : "border bg-card p-4 shadow-sm",
        error ? "border-destructive/60 ring-1 ring-destructive/30" : "border-border",
        nested && error ? "border p-2" : "",
      )}
    >
      {group ? (
        <p id={labelId} className="text-base font-medium leading-snug">
          {labelContent}
        </p>
      ) : (
        <label id={labelId} htmlFor={id} className="block text-base font-medium leading-snug">
          {labelContent}
        </label>
      )}
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <div className="mt-3">{children(control)}</div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
