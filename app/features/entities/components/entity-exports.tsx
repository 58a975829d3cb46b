import { useTranslation } from "react-i18next";
import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { EntityFilter } from "../../../../shared/entities/entity-browse.ts";
import { entityExportUrl } from "../api/entity-page-api.ts";

const FORMATS = ["csv", "xlsx", "geojson"] as const;

/** Downloads of the entities the filters match; the server streams them and names the file after the list. */
export function EntityExports({ applicationId, filter }: { applicationId: string; filter: EntityFilter }) {
  const { t } = useTranslation("entities");
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("export.title")}>
      <span className="text-sm font-medium">{t("export.title")}</span>
      {FORMATS.map((format) => (
        <Button key={format} variant="outline" size="sm" asChild>
          <a href={entityExportUrl(applicationId, filter, format)} download>
            <Download aria-hidden />
            {t(`export.${format}`)}
          </a>
        </Button>
      ))}
    </div>
  );
}
