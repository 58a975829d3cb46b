import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import type { AdminUserDetail } from "../../../../shared/admin/admin-dtos.ts";
import { AccountActions } from "../components/account-actions.tsx";
import { LimitsForm } from "../components/limits-form.tsx";
import { PlanBadge } from "../components/plan-badge.tsx";
import { QueryState } from "../components/query-state.tsx";
import { ApplicationsTable } from "../components/applications-table.tsx";
import { useAdminFormat } from "../hooks/use-admin-format.ts";
import { useAdminUser } from "../hooks/use-admin-queries.ts";

const RESOURCES = ["applications", "teamMembers", "submissions", "storageGb"] as const;

function SubscriptionCard({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { subscription } = detail;
  const limitText = (resource: (typeof RESOURCES)[number]) => {
    const value = detail.effectiveLimits[resource];
    if (value === null) return t("user.unlimited");
    return resource === "storageGb" ? format.storage(value * 1024 ** 3) : format.number(value);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("user.subscription")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <PlanBadge plan={detail.user.plan} />
        {subscription ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">{t("users.plan")}</dt>
            <dd>{format.tier(subscription.tier)}</dd>
            <dt className="text-muted-foreground">{t("user.status")}</dt>
            <dd>{subscription.status}</dd>
            <dt className="text-muted-foreground">{t("user.cycle")}</dt>
            <dd>{t(`cycles.${subscription.billingCycle}`)}</dd>
            <dt className="text-muted-foreground">{t("user.periodEnd")}</dt>
            <dd>{subscription.currentPeriodEnd ? format.date(subscription.currentPeriodEnd) : "—"}</dd>
            <dt className="text-muted-foreground">{t("user.provider")}</dt>
            <dd>{subscription.provider}</dd>
          </dl>
        ) : (
          <p className="text-muted-foreground">{t("user.noSubscription")}</p>
        )}
        <div>
          <h3 className="mb-2 font-medium">{t("user.effective")}</h3>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="effective-limits">
            {RESOURCES.map((resource) => (
              <div key={resource} className="rounded-md border p-2">
                <dt className="text-xs text-muted-foreground">{t(`resources.${resource}`)}</dt>
                <dd className="font-semibold tabular-nums" data-testid={`effective-${resource}`}>
                  {limitText(resource)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}

/** /admin/users/:id: one account's subscription, applications, custom limits and account actions. */
export default function UserPage() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const query = useAdminUser(id);
  return (
    <section className="flex flex-col gap-4">
      <Link to="/admin" className="flex w-fit items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {t("user.back")}
      </Link>
      <QueryState query={query}>
        {(detail) => (
          <>
            <header className="flex flex-col gap-1">
              <h2 className="text-xl font-semibold">{detail.user.name || detail.user.email}</h2>
              <p className="break-all text-sm text-muted-foreground">
                {detail.user.email}
                {detail.user.empresa ? ` · ${detail.user.empresa}` : ""}
              </p>
              {detail.user.isSuperAdmin ? (
                <Badge variant="secondary" className="w-fit">
                  {t("users.superAdmin")}
                </Badge>
              ) : null}
            </header>
            <div className="grid gap-4 lg:grid-cols-2">
              <SubscriptionCard detail={detail} />
              <AccountActions user={detail.user} />
            </div>
            <LimitsForm key={JSON.stringify(detail.limits)} userId={detail.user.id} limits={detail.limits} />
            <div className="flex flex-col gap-2">
              <h3 className="font-medium">{t("user.applications")}</h3>
              <ApplicationsTable
                applications={detail.applications}
                showOwner={false}
                empty={t("user.noApplications")}
              />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
