import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { AdminTable, Td, Th } from "../components/admin-table.tsx";
import { QueryState } from "../components/query-state.tsx";
import { useAdminFormat } from "../hooks/use-admin-format.ts";
import { useAdminRevenue } from "../hooks/use-admin-queries.ts";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

/** /admin/revenue: MRR, active subscriptions by plan and cycle, and past-due payments. */
export default function RevenuePage() {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const query = useAdminRevenue();
  return (
    <section className="flex flex-col gap-4" aria-label={t("tabs.revenue")}>
      <QueryState query={query}>
        {(revenue) => (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <Figure label={t("revenue.mrr")} value={format.money(revenue.mrrCents)} testId="revenue-mrr" />
              <Figure
                label={t("revenue.active")}
                value={format.number(revenue.activeSubscriptions)}
                testId="revenue-active"
              />
              <Figure label={t("revenue.pastDue")} value={format.number(revenue.pastDue)} testId="revenue-past-due" />
            </div>
            <h3 className="font-medium">{t("revenue.byPlan")}</h3>
            <AdminTable
              empty={revenue.byPlan.length === 0 ? t("revenue.empty") : undefined}
              head={
                <>
                  <Th>{t("revenue.plan")}</Th>
                  <Th>{t("revenue.cycle")}</Th>
                  <Th className="text-right">{t("revenue.count")}</Th>
                  <Th className="text-right">{t("revenue.monthly")}</Th>
                </>
              }
            >
              {revenue.byPlan.map((row) => (
                <tr key={`${row.tier}-${row.billingCycle}`}>
                  <Td>{format.tier(row.tier)}</Td>
                  <Td>{t(`cycles.${row.billingCycle}`)}</Td>
                  <Td className="text-right tabular-nums">{format.number(row.subscriptions)}</Td>
                  <Td className="text-right tabular-nums">{format.money(row.mrrCents)}</Td>
                </tr>
              ))}
            </AdminTable>
            <p className="text-xs text-muted-foreground">{t("revenue.note")}</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
