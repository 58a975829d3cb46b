import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import type { OverviewApplication } from "../../../../shared/records/overview.ts";

/** Radix Select reserves "" for "no value". */
const ALL = "__all__";

interface ApplicationSelectProps {
  applications: OverviewApplication[];
  value: string | null;
  onChange(applicationId: string | null): void;
}

/** All the user's applications, or one. */
export function ApplicationSelect({ applications, value, onChange }: ApplicationSelectProps) {
  const { t } = useTranslation("data");
  const id = useId();
  return (
    <div className="flex min-w-56 flex-col gap-1 text-sm">
      <span id={id} className="text-muted-foreground">
        {t("overview.application")}
      </span>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : next)}>
        <SelectTrigger aria-labelledby={id} data-testid="application-select">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t("overview.allApplications")}</SelectItem>
          {applications.map((application) => (
            <SelectItem key={application.id} value={application.id}>
              {application.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
