import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

/** The local provider's pages lead back to the plans page (or one of its tabs). */
export function BackToSubscription({ to = "/subscription" }: { to?: string }) {
  const { t } = useTranslation("subscription");
  return (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to={to}>
        <ArrowLeft aria-hidden />
        {t("local.back")}
      </Link>
    </Button>
  );
}
