import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { PLANS, PLAN_TIERS } from "../../../../shared/plans/plans.ts";
import { TryFreeButton } from "./landing-links.tsx";

/** The lowest monthly price of a paid plan, from the same table the subscription page reads. */
const LOWEST_PAID_MONTHLY_CENTS = Math.min(
  ...PLAN_TIERS.map((tier) => PLANS[tier].monthlyPriceCents ?? 0).filter((cents) => cents > 0),
);

/** What Campo costs, in short, before signing up; /pricing has every plan in full. */
export function PricingSection() {
  const { t, i18n } = useTranslation("public");
  const free = PLANS.free.limits;
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-5xl scroll-mt-16 px-4 py-16 sm:px-6">
      <div className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-10 text-center">
        <h2 id="pricing-title" className="text-3xl font-bold tracking-tight">
          {t("landing.pricing.title")}
        </h2>
        <p className="max-w-2xl text-muted-foreground">
          {t("landing.pricing.free", { records: free.maxSubmissions, applications: free.maxApplications })}{" "}
          {t("landing.pricing.paid", {
            price: formatMoney(LOWEST_PAID_MONTHLY_CENTS, i18n.resolvedLanguage ?? i18n.language),
          })}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="outline">
            <Link to="/pricing">{t("landing.pricing.seePlans")}</Link>
          </Button>
          <TryFreeButton size="lg">{t("landing.nav.tryFree")}</TryFreeButton>
        </div>
      </div>
    </section>
  );
}
