import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";

export function AppErrorScreen({ onRecover }: { onRecover: () => void }) {
  const { t } = useTranslation();
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <AlertTriangle className="size-12 text-destructive" aria-hidden />
      <h1 className="text-2xl font-semibold">{t("appError.title")}</h1>
      <p className="text-muted-foreground">{t("appError.message")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t("appError.reload")}
        </button>
        <button type="button" className="btn btn-outline" onClick={onRecover}>
          {t("appError.recover")}
        </button>
      </div>
    </main>
  );
}
