import { useId, type ReactElement, type ReactNode } from "react";
import { Slot } from "@radix-ui/react-slot";
import { cn } from "../../lib/cn.ts";
import { Label } from "./label.tsx";

interface FormFieldProps {
  label: ReactNode;
  /** The single control (Input, Textarea, SelectTrigger, Checkbox…): it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
  /** Already translated error message, shown under the control. */
  error?: string;
  description?: ReactNode;
  required?: boolean;
  /** Use when the control's id must be fixed (e.g. referenced elsewhere); otherwise one is generated. */
  id?: string;
  className?: string;
}

/** A labelled control whose help and error texts are announced with it by screen readers. */
export function FormField({ label, children, error, description, required = false, id, className }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span className="ml-0.5 text-destructive" aria-hidden>
            *
          </span>
        ) : null}
      </Label>
      <Slot
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      >
        {children}
      </Slot>
      {description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
