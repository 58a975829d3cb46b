import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowDownRight, ArrowUpRight, Check, Crown, Mail, Repeat } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import type { BillingCycle } from "../../../../shared/billing/billing-dtos.ts";
import { PLANS, type PlanTier } from "../../../../shared/plans/plans.ts";
import { gigabytesToBytes } from "../logic/billing-format.ts";
import type { PlanAction } from "../logic/plan-action.ts";
import { priceFor, yearlySaving } from "../logic/pricing.ts";
import { useBillingFormat } from "../hooks/use-billing-format.ts";

export type PlanHighlight = "recommended" | "suggested" | null;

interface PlanCardProps {
  tier: PlanTier;
  cycle: BillingCycle;
  /** Null: the viewer may not act on plans (shown for information). */
  action: PlanAction | null;
  highlight: PlanHighlight;
  /** The owner's plan (its button may still offer the other billing cycle). */
  current: boolean;
  busy: boolean;
  disabled: boolean;
  contactHref: string;
  onSelect: (action: PlanAction) => void;
}

function Price({ tier, cycle }: { tier: PlanTier; cycle: BillingCycle }) {
  const { t } = useTranslation("subscription");
  const format = useBillingFormat();
  const plan = PLANS[tier];
  const price = priceFor(plan, cycle);
  if (price === null) return <p className="text-2xl font-bold">{t("plans.onRequest")}</p>;
  if (price === 0) return <p className="text-2xl font-bold">{t("plans.free")}</p>;
  const saving = cycle === "yearly" ? yearlySaving(plan) : null;
  return (
    <div className="flex flex-col gap-1">
      <p>
        <span className="text-3xl font-bold tabular-nums">{format.money(price)}</span>
        <span className="text-sm text-muted-foreground">
          {t(cycle === "yearly" ? "plans.perYear" : "plans.perMonth")}
        </span>
      </p>
      {saving !== null ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {t("plans.equivalent", { price: format.money(Math.round(price / 12)) })}
          <Badge variant="success">{t("plans.saving", { amount: format.money(saving) })}</Badge>
        </p>
      ) : null}
    </div>
  );
}

function Features({ tier }: { tier: PlanTier }) {
  const { t } = useTranslation("subscription");
  const format = useBillingFormat();
  const { limits, support } = PLANS[tier];
  const lines = [
    limits.maxSubmissions === null ? t("plans.recordsUnlimited") : t("plans.records", { count: limits.maxSubmissions }),
    limits.maxApplications === null
      ? t("plans.applicationsUnlimited")
      : t("plans.applications", { count: limits.maxApplications }),
    limits.maxTeamMembers === null ? t("plans.membersUnlimited") : t("plans.members", { count: limits.maxTeamMembers }),
    limits.storageLimitGb === null
      ? t("plans.storageUnlimited")
      : t("plans.storage", { amount: format.storage(gigabytesToBytes(limits.storageLimitGb)) }),
    t(`plans.support.${support}`),
  ];
  return (
    <ul className="flex flex-col gap-2 text-sm" aria-label={t("plans.features", { plan: t(`plans.names.${tier}`) })}>
      {lines.map((line) => (
        <li key={line} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          {line}
        </li>
      ))}
    </ul>
  );
}

function ActionButton({
  tier,
  cycle,
  action,
  busy,
  disabled,
  contactHref,
  onSelect,
  emphasised,
}: Omit<PlanCardProps, "highlight" | "action" | "current"> & { action: PlanAction; emphasised: boolean }) {
  const { t } = useTranslation("subscription");
  const plan = t(`plans.names.${tier}`);
  const variant = emphasised ? "primary" : "outline";
  let content: ReactNode;
  switch (action.kind) {
    case "current":
      return (
        <Button variant="secondary" className="w-full" disabled>
          <Check aria-hidden />
          {t("plans.current")}
        </Button>
      );
    case "checkout":
      content = (
        <>
          <Crown aria-hidden />
          {t("plans.subscribe", { plan })}
        </>
      );
      break;
    case "change":
      content = (
        <>
          {action.direction === "upgrade" ? (
            <ArrowUpRight aria-hidden />
          ) : action.direction === "downgrade" ? (
            <ArrowDownRight aria-hidden />
          ) : (
            <Repeat aria-hidden />
          )}
          {action.direction === "cycle" ? t(`plans.toCycle.${cycle}`) : t(`plans.${action.direction}`, { plan })}
        </>
      );
      break;
    case "contact":
      return (
        <Button asChild variant={variant} className="w-full">
          <Link to={contactHref}>
            <Mail aria-hidden />
            {t("plans.contact")}
          </Link>
        </Button>
      );
    case "signUp":
      return (
        <Button asChild variant={variant} className="w-full">
          <Link to="/auth" state={{ activeTab: "register" }}>
            {t("plans.signUp")}
          </Link>
        </Button>
      );
    case "cancelToFree":
      return <p className="text-xs text-muted-foreground">{t("plans.cancelToFree")}</p>;
    case "none":
      return null;
  }
  return (
    <Button variant={variant} className="w-full" loading={busy} disabled={disabled} onClick={() => onSelect(action)}>
      {content}
    </Button>
  );
}

/** One plan: price for the cycle, its limits from shared/plans, and what the viewer can do with it. */
export function PlanCard({ tier, cycle, action, highlight, current, ...rest }: PlanCardProps) {
  const { t } = useTranslation("subscription");
  const name = t(`plans.names.${tier}`);
  return (
    <Card
      className={cn(
        "relative flex flex-col",
        highlight && !current ? "border-primary shadow-md ring-1 ring-primary" : null,
        current ? "border-success/60" : null,
      )}
      data-testid={`plan-${tier}`}
      aria-label={name}
      role="group"
    >
      <CardHeader className="gap-2 pb-4">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{name}</CardTitle>
          {current ? <Badge variant="success">{t("plans.current")}</Badge> : null}
          {highlight && !current ? <Badge>{t(`plans.${highlight}`)}</Badge> : null}
        </div>
        <CardDescription>{t(`plans.taglines.${tier}`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <Price tier={tier} cycle={cycle} />
        <Features tier={tier} />
      </CardContent>
      {action ? (
        <CardFooter>
          <ActionButton tier={tier} cycle={cycle} action={action} emphasised={highlight !== null} {...rest} />
        </CardFooter>
      ) : null}
    </Card>
  );
}
