import { useState } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound } from "lucide-react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isUnavailableOffline } from "../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../components/offline-unavailable.tsx";
import { apiErrorText } from "../../lib/api-error-text.ts";
import type { ApiTokenDto } from "../../../shared/integrations/api-tokens.ts";
import { useApiTokens } from "./api-tokens-api.ts";
import { CreateApiTokenDialog } from "./create-api-token-dialog.tsx";
import { RevokeAllApiTokensDialog, RevokeApiTokenDialog } from "./revoke-api-token-dialog.tsx";

/** "Tokens de API" in the account settings: the user's tokens, a new one, revoking one or all. */
export function ApiTokensSection() {
  const { t } = useTranslation("api-tokens");
  const tokens = useApiTokens();
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </div>
        <CreateApiTokenDialog />
      </CardHeader>
      <CardContent>
        {isUnavailableOffline(tokens) ? (
          <OfflineUnavailable onRetry={() => tokens.refetch()} />
        ) : tokens.isPending ? (
          <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label={t("loading")}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : tokens.isError ? (
          <div className="flex flex-col items-start gap-2" role="alert">
            <p className="text-sm text-destructive">{apiErrorText(t, tokens.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void tokens.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : tokens.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-muted-foreground">
            <KeyRound className="size-8" aria-hidden />
            <p className="text-sm">{t("empty")}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col divide-y" aria-label={t("title")}>
              {tokens.data.map((token) => (
                <ApiTokenItem key={token.id} token={token} />
              ))}
            </ul>
            <div className="flex justify-end border-t pt-4">
              <RevokeAllApiTokensDialog />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ApiTokenItem({ token }: { token: ApiTokenDto }) {
  const { t, i18n } = useTranslation("api-tokens");
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" });
  const [openedAt] = useState(() => Date.now());
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= openedAt;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{token.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{token.prefix}…</code>
          {expired ? <Badge variant="warning">{t("list.expired")}</Badge> : null}
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label={t("list.scopes")}>
          {token.scopes.map((scope) => (
            <li key={scope.applicationId}>
              <Badge variant="secondary">
                {scope.applicationTitle ?? t("list.deletedApplication")} · {t(`access.${scope.access}`)}
              </Badge>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted-foreground sm:flex sm:flex-wrap sm:gap-x-4">
          <div className="contents sm:flex sm:gap-1">
            <dt>{t("list.created")}</dt>
            <dd>{date(token.createdAt)}</dd>
          </div>
          <div className="contents sm:flex sm:gap-1">
            <dt>{t("list.lastUsed")}</dt>
            <dd>{token.lastUsedAt ? date(token.lastUsedAt) : t("list.neverUsed")}</dd>
          </div>
          <div className="contents sm:flex sm:gap-1">
            <dt>{t("list.expires")}</dt>
            <dd>{token.expiresAt ? date(token.expiresAt) : t("expiry.never")}</dd>
          </div>
        </dl>
      </div>
      <RevokeApiTokenDialog token={token} />
    </li>
  );
}
