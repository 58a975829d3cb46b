import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Download, Loader2, Rss } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import type { CsvDialectName } from "../../../../shared/records/csv-export-options.ts";
import { EXPORT_FORMATS, type ExportFormat } from "../../../../shared/records/record-filter.ts";
import { dataApi } from "../api/data-api.ts";
import { downloadExport, type ExportProgress } from "./download-export.ts";
import { OdataFeedDialog } from "./odata-feed-dialog.tsx";

interface ExportMenuProps {
  applicationId: string;
  filterQuery: string;
}

/** One menu entry: a format, and for CSV its dialect; `label` is its key under `export.formats`. */
interface ExportChoice {
  label: string;
  format: ExportFormat;
  csvDialect?: CsvDialectName;
}

/** Every format, CSV followed by its variant for Excel in Brazilian Portuguese. */
const EXPORT_CHOICES: ExportChoice[] = EXPORT_FORMATS.flatMap((format): ExportChoice[] =>
  format === "csv"
    ? [
        { label: format, format },
        { label: "csvExcelPtBr", format, csvDialect: "excel-pt-BR" },
      ]
    : [{ label: format, format }],
);

function megabytes(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}

/**
 * Exportar: CSV (also for Excel in Brazilian Portuguese), Excel, KML or GeoJSON of the filtered records, downloaded with a progress bar; and the live OData
 * feed of every record (Excel, Power BI), whose address the dialog gives.
 */
export function ExportMenu({ applicationId, filterQuery }: ExportMenuProps) {
  const { t, i18n } = useTranslation("data");
  const { t: tFeed } = useTranslation("odata");
  const [feedOpen, setFeedOpen] = useState(false);
  const [running, setRunning] = useState<{ format: ExportFormat; progress: ExportProgress | null } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async ({ format, csvDialect }: ExportChoice) => {
    abort.current = new AbortController();
    setRunning({ format, progress: null });
    try {
      const url = dataApi.exportUrl(applicationId, filterQuery, format, i18n.language, csvDialect);
      const filename = await downloadExport(
        url,
        format,
        (progress) => setRunning({ format, progress }),
        abort.current.signal,
      );
      toast.success(t("export.done"), { description: filename });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) toast.error(t("export.failed"));
    } finally {
      setRunning(null);
    }
  };

  const progress = running?.progress;
  const percent =
    progress && progress.records !== null && progress.total > 0
      ? Math.round((progress.records / progress.total) * 100)
      : null;
  return (
    <div className="flex flex-col items-end gap-1">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={running !== null}>
            {running ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />} {t("export.button")}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {EXPORT_CHOICES.map((choice) => (
            <DropdownMenuItem key={choice.label} onSelect={() => void start(choice)}>
              {t(`export.formats.${choice.label}`)}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setFeedOpen(true)}>
            <Rss aria-hidden /> {tFeed("menuItem")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <OdataFeedDialog applicationId={applicationId} open={feedOpen} onOpenChange={setFeedOpen} />
      {running && (
        <div className="flex w-64 items-center gap-2" role="status" aria-live="polite">
          <Progress value={percent ?? undefined} aria-label={t("export.progressLabel")} className="h-2 flex-1" />
          <span className="text-xs whitespace-nowrap text-muted-foreground">
            {progress
              ? progress.records !== null
                ? t("export.progressRecords", { done: progress.records, total: progress.total })
                : t("export.progressBytes", { mb: megabytes(progress.bytes) })
              : t("export.starting")}
          </span>
          <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            {t("cancel")}
          </Button>
        </div>
      )}
    </div>
  );
}
