import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft } from "lucide-react";
import { Alert, AlertDescription } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { EmailStatusBadge } from "../components/email-status-badge.tsx";
import { LinkedText } from "../components/linked-text.tsx";
import { QueryState } from "../components/query-state.tsx";
import { useAdminFormat } from "../hooks/use-admin-format.ts";
import { useAdminEmail } from "../hooks/use-admin-queries.ts";

/**
 * An HTML part runs in a sandbox with no scripts, no same-origin access and no forms; only links may open, in a new
 * tab (the <base>), so a message can show itself but never act on the panel.
 */
function HtmlPart({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={`<base target="_blank">${html}`}
      className="h-96 w-full rounded-md border bg-white"
    />
  );
}

/** /admin/emails/:id: one e-mail whole, its links clickable: without SMTP, how a reset or invite link is passed on. */
export default function EmailPage() {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const query = useAdminEmail(useParams().id ?? "");
  return (
    <section className="flex flex-col gap-4">
      <Link to="/admin/emails" className="flex w-fit items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {t("outbox.back")}
      </Link>
      <QueryState query={query}>
        {(email) => (
          <Card>
            <CardHeader className="gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{email.kind}</Badge>
                <EmailStatusBadge status={email.status} />
              </div>
              <CardTitle>{email.subject}</CardTitle>
              <p className="break-all text-sm text-muted-foreground">
                {t("outbox.to")}: {email.to} · {format.dateTime(email.createdAt)} ·{" "}
                {t("outbox.attempts", { count: email.attempts })}
              </p>
              {email.lastError ? (
                <p className="break-all text-sm text-destructive">
                  {t("outbox.lastError", { error: email.lastError })}
                </p>
              ) : null}
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {email.status === "logged" ? (
                <Alert>
                  <AlertDescription>{t("outbox.noSmtp")}</AlertDescription>
                </Alert>
              ) : null}
              <section aria-label={t("outbox.text")}>
                <p className="whitespace-pre-wrap break-words text-sm" data-testid="email-text">
                  <LinkedText text={email.text} />
                </p>
              </section>
              {email.html ? <HtmlPart html={email.html} title={t("outbox.htmlFrame")} /> : null}
            </CardContent>
          </Card>
        )}
      </QueryState>
    </section>
  );
}
