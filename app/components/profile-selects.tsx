import { useTranslation } from "react-i18next";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select.tsx";
import { BRAZILIAN_STATES } from "../../shared/accounts/brazilian-states.ts";
import { COMPANY_SIZES } from "../../shared/accounts/registration-schema.ts";

// Selects of the registration and profile forms. FormField's Slot hands id/aria props in; they go to the trigger.
interface SelectProps {
  value: string | undefined;
  onChange: (value: string) => void;
  placeholder: string;
}

/** The 27 Brazilian federative units; the stored value is the two-letter code. */
export function StateSelect({ value, onChange, placeholder, ...slot }: SelectProps) {
  return (
    <Select value={value || undefined} onValueChange={onChange}>
      <SelectTrigger {...slot}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        {BRAZILIAN_STATES.map((state) => (
          <SelectItem key={state.code} value={state.code}>
            {state.name} ({state.code})
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Company sizes 1-10 … 1000+ (labels in the "auth" catalog). */
export function CompanySizeSelect({ value, onChange, placeholder, ...slot }: SelectProps) {
  const { t } = useTranslation("auth");
  return (
    <Select value={value || undefined} onValueChange={onChange}>
      <SelectTrigger {...slot}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {COMPANY_SIZES.map((size) => (
          <SelectItem key={size} value={size}>
            {t(`companySizes.${size}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
