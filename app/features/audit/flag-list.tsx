import { Check, X } from "lucide-react";
import { useTranslation } from "react-i18next";

/** A permission object as a list of flags, each yes or no (read by screen readers too). */
export function FlagList({ flags }: { flags: Record<string, unknown> }) {
  const { t } = useTranslation("audit");
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {Object.entries(flags).map(([name, value]) => (
        <div key={name} className="flex items-center justify-between gap-3 border-b py-1 last:border-b-0">
          <dt className="shrink-0 font-mono text-xs">{name}</dt>
          <dd className="flex min-w-0 items-center gap-1" data-flag={name} data-value={String(value)}>
            {typeof value === "boolean" ? (
              <>
                {value ? (
                  <Check className="size-4 text-success" aria-hidden />
                ) : (
                  <X className="size-4 text-muted-foreground" aria-hidden />
                )}
                <span className={value ? "" : "text-muted-foreground"}>{value ? t("value.yes") : t("value.no")}</span>
              </>
            ) : (
              <span className="font-mono text-xs break-all text-right">{String(value)}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
