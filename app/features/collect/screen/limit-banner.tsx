import { Crown, Infinity as InfinityIcon, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { USAGE_INDICATOR, usageLevel } from "../../../components/usage/usage-state.ts";
import { upgradePath } from "../../../lib/upgrade-path.ts";
import type { OwnerLimitInfo } from "../../../../shared/applications/application-dtos.ts";

export const UPGRADE_PATH = upgradePath("submissions");

interface LimitBannerProps {
  info: OwnerLimitInfo | undefined;
  viewerIsSuperAdmin: boolean;
}

/**
 * Spec 001 §2: free-plan owners see their usage (a card once the limit is reached), paid owners nothing,
 * super admins that records are unlimited. A collaborator only learns that the owner's limit blocks saving.
 */
export function LimitBanner({ info, viewerIsSuperAdmin }: LimitBannerProps) {
  const { t } = useTranslation("collect");
  if (viewerIsSuperAdmin || (info?.viewerIsOwner && info.isSuperAdminOwner)) {
    return (
      <Alert variant="info" className="mb-4" data-testid="limit-banner">
        <InfinityIcon aria-hidden />
        <div>
          <AlertTitle level={2}>{t("limit.unlimitedTitle")}</AlertTitle>
          <AlertDescription>{t("limit.unlimited")}</AlertDescription>
        </div>
      </Alert>
    );
  }
  if (!info || info.isSuperAdminOwner || info.maxSubmissions === null) return null;
  if (!info.viewerIsOwner) {
    if (!info.hasReachedLimit) return null;
    return (
      <Alert variant="destructive" className="mb-4" data-testid="limit-banner">
        <TriangleAlert aria-hidden />
        <div>
          <AlertTitle level={2}>{t("limit.reachedTitle")}</AlertTitle>
          <AlertDescription>{t("limit.reachedMember")}</AlertDescription>
        </div>
      </Alert>
    );
  }
  if (info.isSubscribed) return null;
  const usage = { current: info.currentSubmissions, max: info.maxSubmissions };
  const indicator = USAGE_INDICATOR[usageLevel(usage.current, usage.max)];
  if (info.hasReachedLimit) {
    return (
      <section
        className="mb-4 rounded-lg border border-destructive/50 bg-destructive/10 p-4"
        role="alert"
        data-testid="limit-banner"
      >
        <h2 className="flex items-center gap-2 font-semibold">
          <TriangleAlert className="size-5 text-destructive" aria-hidden />
          {t("limit.reachedTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("limit.reachedOwner", usage)}</p>
        <Progress
          value={usage.current}
          max={usage.max}
          className="mt-3"
          indicatorClassName={indicator}
          aria-label={t("limit.usage", usage)}
        />
        <Button asChild size="lg" className="mt-4 w-full">
          <Link to={UPGRADE_PATH}>
            <Crown aria-hidden />
            {t("limit.upgrade")}
          </Link>
        </Button>
      </section>
    );
  }
  return (
    <Alert variant={info.isNearLimit ? "warning" : "default"} className="mb-4" data-testid="limit-banner">
      {info.isNearLimit ? <TriangleAlert aria-hidden /> : null}
      <div className="flex-1">
        <AlertTitle level={2}>{info.isNearLimit ? t("limit.nearTitle") : t("limit.freeTitle")}</AlertTitle>
        <AlertDescription>
          <p>
            {info.isNearLimit
              ? t("limit.near", { ...usage, remaining: Math.max(0, usage.max - usage.current) })
              : t("limit.usage", usage)}
          </p>
          <Progress
            value={usage.current}
            max={usage.max}
            className="mt-2"
            indicatorClassName={indicator}
            aria-label={t("limit.usage", usage)}
          />
          {info.isNearLimit ? (
            <Link
              to={UPGRADE_PATH}
              className="mt-2 inline-block font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("limit.viewPlans")}
            </Link>
          ) : null}
        </AlertDescription>
      </div>
    </Alert>
  );
}
