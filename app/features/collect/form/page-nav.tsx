import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";

interface PageNavProps {
  /** Zero-based index among the pages the collector can see. */
  index: number;
  count: number;
  onBack: () => void;
  onNext: () => void;
}

/** Próximo / Voltar between the pages of a form collected one section per page; the last page saves instead. */
export function PageNav({ index, count, onBack, onNext }: PageNavProps) {
  const { t } = useTranslation("collect");
  const last = index >= count - 1;
  return (
    <div className="mt-4 flex items-center gap-3">
      <Button type="button" variant="outline" size="lg" onClick={onBack} disabled={index === 0}>
        <ChevronLeft aria-hidden />
        {t("pages.back")}
      </Button>
      <p className="flex-1 text-center text-sm text-muted-foreground" aria-live="polite" data-testid="page-indicator">
        {t("pages.indicator", { page: index + 1, count })}
      </p>
      <Button type="button" size="lg" onClick={onNext} disabled={last} data-page-next>
        {t("pages.next")}
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
