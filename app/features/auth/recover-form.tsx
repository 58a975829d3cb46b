import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { MailCheck } from "lucide-react";
import { ApiClientError } from "../../lib/api-client.ts";
import { recoverSchema, type RecoverInput } from "../../../shared/accounts/credentials-schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert.tsx";
import { authApi } from "./auth-api.ts";
import { authErrorText } from "./auth-error-text.ts";

/** The hidden recover tab: e-mail → reset link (the server answers the same whether or not the address exists). */
export function RecoverForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState(false);
  const form = useForm<RecoverInput>({ resolver: zodResolver(recoverSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await authApi.requestReset(values);
        setSent(true);
      } catch (failure) {
        const key = failure instanceof ApiClientError ? "recover.errors.sendFailed" : "recover.errors.recoverFailed";
        toast.error(t("errorTitle"), { description: authErrorText(t, failure, key) });
      }
    },
    () => toast.error(t("errorTitle"), { description: t("recover.errors.fillEmail") }),
  );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold">{t("recover.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("recover.description")}</p>
      </div>
      {sent ? (
        <Alert variant="info">
          <MailCheck aria-hidden />
          <div>
            <AlertTitle>{t("recover.successTitle")}</AlertTitle>
            <AlertDescription>{t("recover.success")}</AlertDescription>
          </div>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t("fields.email")} error={errors.email?.message && t(errors.email.message)} required>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <Button type="submit" loading={isSubmitting}>
            {t("recover.submit")}
          </Button>
        </form>
      )}
      <Button type="button" variant="outline" onClick={onBackToLogin}>
        {t("recover.backToLogin")}
      </Button>
    </div>
  );
}
