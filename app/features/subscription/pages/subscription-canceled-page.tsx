import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { XCircle } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";

/** /subscription-canceled: the owner left the checkout; nothing was charged. */
export default function SubscriptionCanceledPage() {
  const { t } = useTranslation("subscription");
  return (
    <div className="mx-auto flex max-w-lg flex-col py-8">
      <Card>
        <CardHeader className="items-center gap-3 text-center">
          <XCircle className="size-12 text-muted-foreground" aria-hidden />
          <CardTitle level={1}>{t("canceledPage.title")}</CardTitle>
          <CardDescription>{t("canceledPage.text")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/subscription">{t("canceledPage.plans")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/applications">{t("canceledPage.applications")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
