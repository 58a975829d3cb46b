import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { ApiClientError } from "../../lib/api-client.ts";
import { changePasswordSchema, type ChangePasswordInput } from "../../../shared/accounts/credentials-schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { PasswordStrengthMeter } from "../../components/password-strength-meter.tsx";
import { accountApi } from "./account-api.ts";

/** Current password is checked by the server; other sessions of the user are signed out on success. */
export function ChangePasswordForm() {
  const { t } = useTranslation(["account", "auth"]);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: "newPassword" });
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      await accountApi.changePassword(values);
    } catch (failure) {
      if (failure instanceof ApiClientError && failure.code === "CURRENT_PASSWORD_INCORRECT") {
        form.setError("currentPassword", { message: "account:password.currentIncorrect" }, { shouldFocus: true });
        return;
      }
      const unverified =
        failure instanceof ApiClientError && (failure.code === "UNAUTHENTICATED" || failure.code === "SESSION_EXPIRED");
      toast.error(t(unverified ? "password.unverified" : "password.failed"));
      return;
    }
    form.reset();
    toast.success(t("password.changed"));
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
      <FormField label={t("password.current")} error={message(errors.currentPassword?.message)} required>
        <Input type="password" autoComplete="current-password" {...form.register("currentPassword")} />
      </FormField>
      <FormField label={t("password.new")} error={message(errors.newPassword?.message)} required>
        <Input type="password" autoComplete="new-password" {...form.register("newPassword")} />
      </FormField>
      <PasswordStrengthMeter password={newPassword} />
      <FormField label={t("password.confirm")} error={message(errors.confirmPassword?.message)} required>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" loading={isSubmitting} className="w-fit">
        {t("password.submit")}
      </Button>
    </form>
  );
}
