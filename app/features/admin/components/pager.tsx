import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

/** The total and previous/next buttons under a server-paged list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("admin");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      className="flex flex-wrap items-center justify-between gap-2 text-sm"
      aria-label={t("list.page", { page, pages })}
    >
      <span className="text-muted-foreground">{t("list.total", { count: total })}</span>
      <div className="flex items-center gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden />
          {t("list.previous")}
        </Button>
        <span aria-live="polite">{t("list.page", { page, pages })}</span>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("list.next")}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
