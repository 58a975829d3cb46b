import { useState } from "react";
import { useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { AlertCircle, Info } from "lucide-react";
import { useSession } from "../../lib/session.tsx";
import { loginSchema, type LoginInput } from "../../../shared/accounts/credentials-schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert.tsx";
import { authApi } from "./auth-api.ts";
import { authErrorText } from "./auth-error-text.ts";

/** Spec 000 §2: after sign-in wait 1.5 s, check the server knows the session; if not, 2 s more, then go to /. */
const HANDOFF_WAIT_MS = 1500;
const HANDOFF_RETRY_MS = 2000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function LoginForm({
  defaultEmail,
  notice,
  onForgotPassword,
}: {
  defaultEmail: string;
  notice?: string;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [handingOff, setHandingOff] = useState(false);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await authApi.signIn(values);
    } catch (failure) {
      const message = authErrorText(t, failure, "login.errors.invalidCredentials");
      setError(message);
      toast.error(t("errorTitle"), { description: message });
      return;
    }
    setHandingOff(true);
    toast.success(t("login.success"), { description: t("login.validating") });
    await wait(HANDOFF_WAIT_MS);
    if (!(await authApi.hasServerSession())) await wait(HANDOFF_RETRY_MS);
    await refresh();
    void navigate("/", { replace: true });
  });

  if (handingOff) {
    return (
      <Alert variant="info">
        <Info aria-hidden />
        <div>
          <AlertTitle>{t("login.success")}</AlertTitle>
          <AlertDescription>{t("login.validating")}</AlertDescription>
        </div>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {notice ? (
        <Alert variant="warning">
          <Info aria-hidden />
          <AlertDescription className="text-foreground">{notice}</AlertDescription>
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <div>
            <AlertTitle>{t("errorTitle")}</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </div>
        </Alert>
      ) : null}
      <FormField label={t("fields.email")} error={errors.email?.message && t(errors.email.message)} required>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label={t("fields.password")} error={errors.password?.message && t(errors.password.message)} required>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <Button type="button" variant="link" className="h-auto w-fit self-end p-0" onClick={onForgotPassword}>
        {t("login.forgotPassword")}
      </Button>
      <Button type="submit" loading={isSubmitting}>
        {t("login.submit")}
      </Button>
    </form>
  );
}
