import { useTranslation } from "react-i18next";
import { Check, X } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { passwordChecks, passwordStrength, type PasswordStrength } from "../../shared/accounts/password-rules.ts";

const BAR: Record<PasswordStrength, { width: string; color: string }> = {
  weak: { width: "w-1/3", color: "bg-destructive" },
  medium: { width: "w-2/3", color: "bg-warning" },
  strong: { width: "w-full", color: "bg-success" },
};

/** Strength (weak/medium/strong) and the recommendations of spec 000 §5; texts come from the "auth" catalog. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation("auth");
  if (!password) return null;
  const strength = passwordStrength(password);
  const checks = passwordChecks(password);
  const tips = [
    { ok: checks.recommendedLength, label: t("strength.length") },
    { ok: checks.upperAndLower, label: t("strength.case") },
    { ok: checks.digit, label: t("strength.digit") },
    { ok: checks.special, label: t("strength.special") },
  ];
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
        <div className={cn("h-full rounded-full transition-all", BAR[strength].width, BAR[strength].color)} />
      </div>
      <p className="text-xs font-medium">{t("strength.label", { strength: t(`strength.${strength}`) })}</p>
      <ul className="grid gap-1 text-xs text-muted-foreground sm:grid-cols-2">
        {tips.map((tip) => (
          <li key={tip.label} className={cn("flex items-center gap-1", tip.ok && "text-success")}>
            {tip.ok ? <Check className="size-3" aria-hidden /> : <X className="size-3" aria-hidden />}
            {tip.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
