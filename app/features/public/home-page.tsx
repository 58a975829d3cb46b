import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** /home: the landing and login entry for signed-out visitors (the full landing page comes with the public site). */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-6 py-16 text-center">
      <h1 className="text-4xl font-bold tracking-tight">{t("home.title")}</h1>
      <p className="max-w-xl text-lg text-muted-foreground">{t("home.subtitle")}</p>
      <div className="flex gap-3">
        <Link to="/auth" className="btn btn-primary">{t("home.login")}</Link>
        <Link to="/auth" state={{ activeTab: "register" }} className="btn btn-outline">{t("home.tryFree")}</Link>
      </div>
    </section>
  );
}
