import { useTranslation } from "react-i18next";
import { FlaskConical } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";

/** The local provider's pages say plainly that no money moves. */
export function TestPaymentBanner() {
  const { t } = useTranslation("subscription");
  return (
    <Alert variant="warning" data-testid="test-payment">
      <FlaskConical aria-hidden />
      <div>
        <AlertTitle>{t("local.testBanner")}</AlertTitle>
        <AlertDescription>{t("local.testText")}</AlertDescription>
      </div>
    </Alert>
  );
}
