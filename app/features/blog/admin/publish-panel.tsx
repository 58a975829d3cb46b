import { useState } from "react";
import { CalendarClock, EyeOff, Send, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import type { BlogAdminPost } from "../../../../shared/blog/post-views.ts";
import { PostStatusBadge } from "../components/post-status-badge.tsx";

interface PublishPanelProps {
  post: BlogAdminPost;
  busy: boolean;
  onPublish: (publishAt?: string) => void;
  onUnpublish: () => void;
  onDelete: () => void;
}

/** Publish now, schedule at a date, unpublish, delete: each saves the form first (the editor decides). */
export function PublishPanel({ post, busy, onPublish, onUnpublish, onDelete }: PublishPanelProps) {
  const { t } = useTranslation("blog");
  const [when, setWhen] = useState("");
  const [whenError, setWhenError] = useState<string>();
  const schedule = () => {
    const date = when ? new Date(when) : null;
    if (!date || Number.isNaN(date.getTime())) return setWhenError(t("validation.scheduleRequired"));
    setWhenError(undefined);
    onPublish(date.toISOString());
  };
  return (
    <section
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4"
      aria-label={t("editor.publishNow")}
    >
      <p className="flex items-center gap-2 text-sm">
        {t("editor.status")}:
        <PostStatusBadge status={post.status} />
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={busy} onClick={() => onPublish()}>
          <Send aria-hidden />
          {t("editor.publishNow")}
        </Button>
        {post.status === "draft" ? null : (
          <Button type="button" variant="outline" disabled={busy} onClick={onUnpublish}>
            <EyeOff aria-hidden />
            {t("editor.unpublish")}
          </Button>
        )}
        <Button type="button" variant="destructive" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden />
          {t("editor.delete")}
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label={t("editor.scheduleAt")} error={whenError} className="flex-1">
          <Input type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} />
        </FormField>
        <Button type="button" variant="outline" disabled={busy} onClick={schedule}>
          <CalendarClock aria-hidden />
          {t("editor.schedule")}
        </Button>
      </div>
    </section>
  );
}
