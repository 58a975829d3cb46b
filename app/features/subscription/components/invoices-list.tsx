import { useTranslation } from "react-i18next";
import { ExternalLink, FileText, RotateCcw } from "lucide-react";
import { Badge, type BadgeProps } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import type { InvoiceDto } from "../../../../shared/billing/billing-dtos.ts";
import { useInvoices } from "../api/billing-api.ts";
import { useBillingFormat } from "../hooks/use-billing-format.ts";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";

const STATUS_VARIANT: Record<InvoiceDto["status"], BadgeProps["variant"]> = {
  paid: "success",
  open: "warning",
  failed: "destructive",
  void: "outline",
};

function InvoiceRow({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation("subscription");
  const format = useBillingFormat();
  const date = format.day(invoice.issuedAt);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-testid="invoice">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium tabular-nums">{date}</span>
        {invoice.number ? <span className="truncate text-xs text-muted-foreground">{invoice.number}</span> : null}
      </div>
      <span className="tabular-nums">{format.money(invoice.amountCents, invoice.currency)}</span>
      <Badge variant={STATUS_VARIANT[invoice.status]}>{t(`invoices.statuses.${invoice.status}`)}</Badge>
      {invoice.url ? (
        <Button asChild variant="ghost" size="sm">
          <a href={invoice.url} target="_blank" rel="noreferrer" aria-label={t("invoices.openLabel", { date })}>
            <ExternalLink aria-hidden />
            {t("invoices.open")}
          </a>
        </Button>
      ) : null}
    </li>
  );
}

/** The owner's invoices, newest first, each with its link on the provider. */
export function InvoicesList() {
  const { t } = useTranslation("subscription");
  const invoices = useInvoices();
  let content;
  if (isUnavailableOffline(invoices)) content = <OfflineUnavailable onRetry={() => invoices.refetch()} />;
  else if (invoices.isPending) content = <Skeleton className="h-16 w-full" />;
  else if (invoices.isError) {
    content = (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>{t("invoices.loadFailed")}</span>
        <Button size="sm" variant="outline" onClick={() => invoices.refetch()} loading={invoices.isFetching}>
          <RotateCcw aria-hidden />
          {t("page.retry")}
        </Button>
      </div>
    );
  } else if (invoices.data.length === 0) {
    content = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <FileText className="size-4" aria-hidden />
        {t("invoices.empty")}
      </p>
    );
  } else {
    content = (
      <ul className="divide-y text-sm">
        {invoices.data.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} />
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("invoices.title")}</CardTitle>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
