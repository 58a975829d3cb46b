import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Archive, ArchiveRestore, ArrowLeft } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import type { AdminMessageDetail } from "../../../../shared/admin/admin-dtos.ts";
import type { MessageKind } from "../../../../shared/admin/admin-schemas.ts";
import { adminApi } from "../api/admin-api.ts";
import { MessageStatusBadge } from "../components/message-status-badge.tsx";
import { QueryState } from "../components/query-state.tsx";
import { ReplyForm } from "../components/reply-form.tsx";
import { useAdminFormat } from "../hooks/use-admin-format.ts";
import { useAdminMessage, useAdminMutation } from "../hooks/use-admin-queries.ts";

function Thread({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  return (
    <section className="flex flex-col gap-3" aria-label={t("messages.thread")}>
      <h3 className="font-medium">{t("messages.thread")}</h3>
      {message.replies.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("messages.noReplies")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {message.replies.map((reply) => (
            <li key={reply.id} className="rounded-md border bg-muted/30 p-3" data-testid="message-reply">
              <p className="mb-1 text-xs text-muted-foreground">
                {format.dateTime(reply.createdAt)}
                {reply.author ? ` · ${t("messages.by", { name: reply.author })}` : ""}
              </p>
              <p className="whitespace-pre-wrap text-sm">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** /admin/messages/:kind/:id: the message, its image, its thread, the reply form and archive. */
export default function MessagePage() {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const params = useParams();
  const kind: MessageKind = params.kind === "support" ? "support" : "contact";
  const id = params.id ?? "";
  const query = useAdminMessage(kind, id);
  const archive = useAdminMutation((archived: boolean) =>
    adminApi.setMessageStatus(kind, id, archived ? "archived" : "new"),
  );
  const toggleArchive = async (archived: boolean) => {
    try {
      await archive.mutateAsync([archived]);
      toast.success(t(archived ? "messages.archived" : "messages.unarchived"));
    } catch (error) {
      toast.error(apiErrorText(t, error));
    }
  };
  return (
    <section className="flex flex-col gap-4">
      <Link to="/admin/messages" className="flex w-fit items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {t("messages.back")}
      </Link>
      <QueryState query={query}>
        {(message) => (
          <>
            <Card>
              <CardHeader className="gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">{t(`messages.kinds.${message.kind}`)}</Badge>
                  <MessageStatusBadge status={message.status} />
                </div>
                <CardTitle>{message.subject}</CardTitle>
                <p className="break-all text-sm text-muted-foreground">
                  {message.fullName} · {message.email} · {t("messages.phone")}: {message.celular} ·{" "}
                  {format.dateTime(message.createdAt)}
                </p>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <p className="whitespace-pre-wrap text-sm" data-testid="message-body">
                  {message.message}
                </p>
                {message.imageUrl ? (
                  <figure className="flex flex-col gap-1">
                    <figcaption className="text-xs text-muted-foreground">{t("messages.image")}</figcaption>
                    <a href={message.imageUrl} target="_blank" rel="noreferrer" className="w-fit">
                      <img
                        src={message.imageUrl}
                        alt={t("messages.imageAlt")}
                        className="max-h-80 rounded-md border object-contain"
                      />
                    </a>
                  </figure>
                ) : null}
                <div>
                  {message.status === "archived" ? (
                    <Button variant="outline" loading={archive.isPending} onClick={() => void toggleArchive(false)}>
                      <ArchiveRestore aria-hidden />
                      {t("messages.unarchive")}
                    </Button>
                  ) : (
                    <Button variant="outline" loading={archive.isPending} onClick={() => void toggleArchive(true)}>
                      <Archive aria-hidden />
                      {t("messages.archive")}
                    </Button>
                  )}
                </div>
              </CardContent>
            </Card>
            <Thread message={message} />
            <ReplyForm kind={kind} id={id} email={message.email} />
          </>
        )}
      </QueryState>
    </section>
  );
}
