import { useTranslation } from "react-i18next";
import { Badge, type BadgeProps } from "../../../components/ui/badge.tsx";
import type { ReviewState } from "../../../../shared/records/review-states.ts";

const VARIANT: Record<ReviewState, BadgeProps["variant"]> = {
  received: "outline",
  approved: "success",
  has_issues: "warning",
  rejected: "destructive",
  edited: "secondary",
};

/** A record's review state, coloured by what it asks of the reader (issues and rejections stand out). */
export function ReviewStateBadge({ state }: { state: ReviewState }) {
  const { t } = useTranslation("review");
  return (
    <Badge variant={VARIANT[state]} data-review-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
