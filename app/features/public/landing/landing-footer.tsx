import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ProductLogo } from "../../../components/layout/product-logo.tsx";

const FOOTER_LINKS = [
  { to: "/pricing", key: "pricing" },
  { to: "/privacy-policy", key: "privacy" },
  { to: "/terms-of-service", key: "terms" },
  { to: "/blog", key: "blog" },
  { to: "/contact", key: "contact" },
  { to: "/support", key: "support" },
] as const;

export function LandingFooter() {
  const { t } = useTranslation("public");
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <ProductLogo />
          <p className="text-sm text-muted-foreground">{t("landing.footer.tagline")}</p>
        </div>
        <nav aria-label={t("landing.footer.tagline")}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {FOOTER_LINKS.map(({ to, key }) => (
              <li key={key}>
                <Link to={to} className="text-muted-foreground hover:text-foreground hover:underline">
                  {t(`landing.footer.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">{t("landing.footer.rights", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
