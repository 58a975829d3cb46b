import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "../../../lib/toast.ts";
import { Copy, Pause, Play, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { QrCodeImage } from "../../../components/qr-code-image.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import type { PublicLinkDto, PublicLinkStatus } from "../../../../shared/public-links/public-link-dtos.ts";
import { embedSnippet, publicLinkUrl, useRevokePublicLink, useUpdatePublicLink } from "../api/public-links-api.ts";

const STATUS_VARIANT: Record<PublicLinkStatus, "success" | "warning" | "secondary" | "destructive"> = {
  open: "success",
  paused: "warning",
  expired: "secondary",
  full: "secondary",
  revoked: "destructive",
};

async function copy(text: string, done: string): Promise<void> {
  await navigator.clipboard.writeText(text);
  toast.success(done);
}

/** One link: its state and counts, the address, QR code and embed snippet, and the pause / revoke actions. */
export function LinkCard({ applicationId, link }: { applicationId: string; link: PublicLinkDto }) {
  const { t, i18n } = useTranslation("public-links");
  const update = useUpdatePublicLink(applicationId, link.id);
  const revoke = useRevokePublicLink(applicationId, link.id);
  const [confirming, setConfirming] = useState(false);
  const url = publicLinkUrl(link.token);
  const snippet = embedSnippet(link.token, link.name);
  const live = link.status !== "revoked";
  const failed = (error: unknown) => toast.error(apiErrorText(t, error));

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">{link.name}</CardTitle>
        <Badge variant={STATUS_VARIANT[link.status]}>{t(`admin.status.${link.status}`)}</Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 md:flex-row">
        {live ? <QrCodeImage text={url} alt={t("admin.qrAlt", { name: link.name })} /> : null}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t("admin.records")}</dt>
            <dd className="flex flex-wrap items-center gap-x-2">
              {link.maxRecords === null
                ? link.recordsCount
                : t("admin.recordsOfCap", { count: link.recordsCount, cap: link.maxRecords })}
              {link.recordsCount > 0 ? (
                // The data page filtered to this link: its list, map, detail and exports, all tools included.
                <Link
                  className="text-primary underline-offset-4 hover:underline"
                  to={`/applications/${applicationId}/data?link=${link.id}`}
                >
                  {t("admin.seeRecords")}
                </Link>
              ) : null}
            </dd>
            <dt className="text-muted-foreground">{t("admin.expires")}</dt>
            <dd>
              {link.expiresAt
                ? new Date(link.expiresAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })
                : t("admin.never")}
            </dd>
            <dt className="text-muted-foreground">{t("admin.perDevice")}</dt>
            <dd>{link.oneRecordPerDevice ? t("admin.onePerDevice") : t("admin.manyPerDevice")}</dd>
          </dl>
          {live ? (
            <>
              <div className="flex items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs" data-testid="link-url">
                  {url}
                </code>
                <Button size="sm" variant="outline" onClick={() => void copy(url, t("admin.copied"))}>
                  <Copy aria-hidden />
                  {t("admin.copyLink")}
                </Button>
              </div>
              <label className="flex flex-col gap-1 text-sm">
                <span className="text-muted-foreground">{t("admin.embed")}</span>
                <textarea
                  readOnly
                  value={snippet}
                  rows={3}
                  className="w-full rounded-md border bg-background p-2 font-mono text-xs"
                />
              </label>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => void copy(snippet, t("admin.copied"))}>
                  <Copy aria-hidden />
                  {t("admin.copyEmbed")}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={update.isPending}
                  onClick={() => update.mutate({ paused: link.status !== "paused" }, { onError: failed })}
                >
                  {link.status === "paused" ? <Play aria-hidden /> : <Pause aria-hidden />}
                  {link.status === "paused" ? t("admin.resume") : t("admin.pause")}
                </Button>
                <Button size="sm" variant="destructive" onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden />
                  {t("admin.revoke")}
                </Button>
              </div>
            </>
          ) : null}
        </div>
      </CardContent>
      <ConfirmActionDialog
        open={confirming}
        title={t("admin.revokeTitle", { name: link.name })}
        description={t("admin.revokeDetail")}
        confirmLabel={t("admin.revoke")}
        busyLabel={t("admin.revoking")}
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate(undefined, { onSuccess: () => setConfirming(false), onError: failed })}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
