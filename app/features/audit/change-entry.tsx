import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge.tsx";
import type { ChangeLogEntry } from "../../../shared/audit/change-log-dtos.ts";
import { ChangeDiff } from "./change-diff.tsx";

/** One change: what, who, when, in which application, and before → after. */
export function ChangeEntry({ entry }: { entry: ChangeLogEntry }) {
  const { t, i18n } = useTranslation("audit");
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(
    new Date(entry.occurredAt),
  );
  const who = entry.actor?.email ?? (entry.kind.startsWith("plan.") ? t("actor.provider") : t("actor.unknown"));
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card p-4" data-kind={entry.kind}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{t(`kind.${entry.kind}`)}</Badge>
        {entry.application ? (
          <span className="font-medium">{entry.application.name ?? t("application.unnamed")}</span>
        ) : (
          <span className="text-muted-foreground">{t("application.account")}</span>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={entry.occurredAt}>{when}</time> · {who}
        {entry.target && !entry.kind.startsWith("plan.") && entry.target !== entry.application?.id ? (
          <>
            {" "}
            ·{" "}
            {t("target", {
              target:
                entry.kind.startsWith("field.") || entry.kind.startsWith("record.")
                  ? `#${entry.target.slice(0, 8)}`
                  : entry.target,
            })}
          </>
        ) : null}
      </p>
      <ChangeDiff before={entry.before} after={entry.after} fields={entry.fields} />
    </li>
  );
}
