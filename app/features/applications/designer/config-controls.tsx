import type { ReactNode } from "react";
import { Label } from "../../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";

/** A labelled setting of the field config dialog, with its error under it. */
export function Row({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One value out of a short list, in the dialog's own select. */
export function ChoiceSelect<T extends string | number>({
  id,
  value,
  values,
  labelOf,
  onChange,
}: {
  id: string;
  value: T;
  values: readonly T[];
  labelOf: (value: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <Select
      value={String(value)}
      onValueChange={(next) => onChange(values.find((candidate) => String(candidate) === next) ?? value)}
    >
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {values.map((candidate) => (
          <SelectItem key={String(candidate)} value={String(candidate)}>
            {labelOf(candidate)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
