import { useTranslation } from "react-i18next";
import { AlertTriangle, CheckCircle2, CircleSlash, Clock, Sparkles } from "lucide-react";
import { Badge, type BadgeProps } from "../../../components/ui/badge.tsx";
import type { SubscriptionState } from "../../../../shared/billing/billing-dtos.ts";

const LOOK: Record<SubscriptionState, { variant: BadgeProps["variant"]; icon: typeof Clock }> = {
  free: { variant: "secondary", icon: Sparkles },
  active: { variant: "success", icon: CheckCircle2 },
  past_due: { variant: "destructive", icon: AlertTriangle },
  canceling: { variant: "warning", icon: Clock },
  canceled: { variant: "outline", icon: CircleSlash },
};

/** The subscription's state as an icon and words, never colour alone. */
export function StatusBadge({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation("subscription");
  const { variant, icon: Icon } = LOOK[state];
  return (
    <Badge variant={variant} data-testid="subscription-status">
      <Icon aria-hidden />
      {t(`status.${state}`)}
    </Badge>
  );
}
