import { useTranslation } from "react-i18next";
import { Check } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** 'Passo N de M' with one dot per step; completed steps show a check. */
export function StepIndicator({ current, total, titles }: { current: number; total: number; titles: string[] }) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex items-center gap-2" aria-hidden>
        {titles.map((title, index) => (
          <li key={title} className="flex flex-1 items-center gap-2">
            <span
              className={cn(
                "flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold",
                index < current && "border-primary bg-primary text-primary-foreground",
                index === current && "border-primary text-primary",
                index > current && "text-muted-foreground",
              )}
            >
              {index < current ? <Check className="size-4" /> : index + 1}
            </span>
            {index < titles.length - 1 ? (
              <span className={cn("h-0.5 flex-1 rounded bg-border", index < current && "bg-primary")} />
            ) : null}
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{t("register.stepOf", { step: current + 1, total })}</span> ·{" "}
        {titles[current]}
      </p>
    </div>
  );
}
