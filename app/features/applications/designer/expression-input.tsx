import { Textarea } from "../../../components/ui/textarea.tsx";
import { EXPRESSION_MAX } from "../../../../shared/fields/field-config.ts";

/** An expression typed as text (formula, rule, default value), with the form analysis' errors under it. */
export function ExpressionInput({
  id,
  label,
  value,
  onChange,
  errors,
  placeholder,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: readonly string[];
  placeholder?: string;
  hint?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, errors.length > 0 ? `${id}-error` : null].filter(Boolean);
  return (
    <>
      <Textarea
        id={id}
        aria-label={label}
        value={value}
        rows={2}
        maxLength={EXPRESSION_MAX}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        className="font-mono text-sm"
        placeholder={placeholder}
        aria-invalid={errors.length > 0}
        aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div id={`${id}-error`} role="alert" className="flex flex-col text-sm text-destructive">
          {errors.map((error) => (
            <span key={error}>{error}</span>
          ))}
        </div>
      ) : null}
    </>
  );
}
