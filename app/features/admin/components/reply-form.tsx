import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Send } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import {
  MESSAGE_REPLY_MAX,
  messageReplySchema,
  type MessageKind,
  type MessageReplyInput,
} from "../../../../shared/admin/admin-schemas.ts";
import { adminApi } from "../api/admin-api.ts";
import { useAdminMutation } from "../hooks/use-admin-queries.ts";

/** Answers a message by e-mail; the reply then shows in the thread and the message becomes answered. */
export function ReplyForm({ kind, id, email }: { kind: MessageKind; id: string; email: string }) {
  const { t } = useTranslation("admin");
  const reply = useAdminMutation((body: string) => adminApi.reply(kind, id, body));
  const form = useForm<MessageReplyInput>({ resolver: zodResolver(messageReplySchema), defaultValues: { body: "" } });
  const error = form.formState.errors.body?.message;
  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await reply.mutateAsync([body]);
      form.reset({ body: "" });
      toast.success(t("messages.sent"));
    } catch (failure) {
      toast.error(apiErrorText(t, failure));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <FormField
        label={t("messages.replyLabel")}
        description={t("messages.replyHint", { email })}
        error={error ? t(`messages.validation.${error}`) : undefined}
      >
        <Textarea rows={6} maxLength={MESSAGE_REPLY_MAX} {...form.register("body")} />
      </FormField>
      <div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          <Send aria-hidden />
          {t("messages.send")}
        </Button>
      </div>
    </form>
  );
}
