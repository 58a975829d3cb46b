import { Link } from "react-router";
import { useTranslation } from "react-i18next";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">{t("notFound.message")}</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        {t("notFound.back")}
      </Link>
    </section>
  );
}
