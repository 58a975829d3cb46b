import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn.ts";
import { useSession } from "../../../lib/session.tsx";
import { HeaderTools } from "../../../components/layout/header-tools.tsx";
import { ProductLogo } from "../../../components/layout/product-logo.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PublicMenuBar, PublicMenuToggle } from "./public-menu.tsx";
import { LoginButton, TryFreeButton } from "./landing-links.tsx";
import { useScrolledPast } from "./use-scrolled-past.ts";

/** The public menu, the shared tools and the way in. Transparent over the hero; once the visitor scrolls past 100 px it becomes a solid, compact bar. */
export function LandingHeader() {
  const { t } = useTranslation("public");
  const { me } = useSession();
  const scrolled = useScrolledPast(100);
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "sticky top-0 z-40 transition-all duration-200",
        scrolled ? "border-b bg-background/95 shadow-sm backdrop-blur" : "border-b border-transparent bg-transparent",
      )}
    >
      <div className={cn("mx-auto flex max-w-7xl items-center gap-1 px-3 transition-all sm:gap-2 sm:px-6", scrolled ? "h-14" : "h-16")}>
        <Link to="/" className="mr-auto rounded-md pr-2" aria-label={t("common:layout.homeLink")}>
          <ProductLogo />
        </Link>
        <PublicMenuBar />
        <HeaderTools />
        {me ? (
          <Button asChild size="sm">
            <Link to="/applications">{t("landing.nav.myApps")}</Link>
          </Button>
        ) : (
          <>
            <LoginButton variant="outline" size="sm">
              {t("landing.nav.login")}
            </LoginButton>
            <TryFreeButton size="sm" className="hidden sm:inline-flex">
              {t("landing.nav.tryFree")}
            </TryFreeButton>
          </>
        )}
        <PublicMenuToggle />
      </div>
    </header>
  );
}
