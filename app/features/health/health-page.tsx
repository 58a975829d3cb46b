import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { RefreshCw } from "lucide-react";
import { ApiClientError } from "../../lib/api-client.ts";
import { callApi, queryKeyOf } from "../../lib/api-call.ts";
import { getHealth } from "../../../shared/api/contracts/health.ts";
import { useNetworkStatus } from "../../lib/network-status.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { SW_VERSION } from "../../pwa/sw-version.ts";
import { formatMegabytes, readBrowserDiagnostics, type BrowserDiagnostics } from "./browser-diagnostics.ts";

function Row({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-all text-sm font-medium sm:text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation("pwa");
  return <Badge variant={value ? "success" : "warning"}>{t(value ? "health.yes" : "health.no")}</Badge>;
}

/** /health (spec 000 §2): what a support person asks first — is the app up, online, offline-ready, and is the server well. */
export default function HealthPage() {
  const { t, i18n } = useTranslation("pwa");
  const online = useNetworkStatus();
  const [browser, setBrowser] = useState<BrowserDiagnostics | null>(null);
  const server = useQuery({
    queryKey: queryKeyOf(getHealth, {}),
    queryFn: () => callApi(getHealth, {}),
    retry: false,
    staleTime: 0,
  });

  const refreshBrowser = useCallback(() => {
    void readBrowserDiagnostics().then(setBrowser);
  }, []);

  useEffect(() => {
    refreshBrowser();
    // The worker can take control while the page is open (first visit): show it without a reload.
    navigator.serviceWorker?.addEventListener("controllerchange", refreshBrowser);
    return () => navigator.serviceWorker?.removeEventListener("controllerchange", refreshBrowser);
  }, [refreshBrowser]);

  let serverText: string;
  if (server.isPending) serverText = t("health.checking");
  else if (server.data?.version)
    serverText = t("health.serverOk", { database: server.data.database.kind, version: server.data.version });
  else if (server.data) serverText = t("health.serverOkShort");
  else serverText = server.error instanceof ApiClientError ? t("health.serverDegraded") : t("health.serverUnreachable");

  const language = i18n.resolvedLanguage ?? "pt-BR";
  return (
    <section className="mx-auto max-w-2xl py-6">
      <Card>
        <CardHeader>
          <div className="flex items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold">{t("health.title")}</h1>
              <CardDescription>{t("health.subtitle")}</CardDescription>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={t("health.refresh")}
              onClick={() => {
                refreshBrowser();
                void server.refetch();
              }}
            >
              <RefreshCw aria-hidden />
              <span className="hidden sm:inline">{t("health.refresh")}</span>
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <dl>
            <Row label={t("health.appMounted")} testId="health-app">
              <YesNo value />
            </Row>
            <Row label={t("health.online")} testId="health-online">
              <Badge variant={online ? "success" : "warning"}>
                {t(online ? "health.onlineValue" : "health.offlineValue")}
              </Badge>
            </Row>
            <Row label={t("health.serviceWorker")} testId="health-sw">
              {browser ? <YesNo value={browser.swControlled} /> : t("health.checking")}
            </Row>
            <Row label={t("health.swVersion")} testId="health-sw-version">
              {SW_VERSION}
            </Row>
            <Row label={t("health.caches")} testId="health-caches">
              {!browser
                ? t("health.checking")
                : browser.cacheNames.length > 0
                  ? browser.cacheNames.join(", ")
                  : t("health.none")}
            </Row>
            <Row label={t("health.serverHealth")} testId="health-server">
              {serverText}
            </Row>
            <Row label={t("health.storage")} testId="health-storage">
              {!browser
                ? t("health.checking")
                : browser.storage
                  ? t("health.storageUsage", {
                      usage: formatMegabytes(browser.storage.usage, language),
                      quota: formatMegabytes(browser.storage.quota, language),
                    })
                  : t("health.unavailable")}
            </Row>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
