import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { ApiClientError } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.tsx";
import { resetPasswordSchema, type ResetPasswordInput } from "../../../shared/accounts/credentials-schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PasswordStrengthMeter } from "../../components/password-strength-meter.tsx";
import { authApi } from "./auth-api.ts";
import { authErrorText } from "./auth-error-text.ts";

type LinkState = { step: "verifying" | "invalid" | "success" } | { step: "valid"; email: string };
const REDIRECT_AFTER_MS = 2000;

/**
 * /reset-password?token=… (spec 000 §4, spec 001 §4): the link is checked before the form shows. After the new
 * password is saved the page signs the user in with it (better-auth's reset signs nobody in) and moves on to
 * /profile after 2 s; should that sign-in fail, it goes to the login tab instead.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const linkError = searchParams.get("error");
  const [state, setState] = useState<LinkState>({ step: token && !linkError ? "verifying" : "invalid" });
  const verifying = state.step === "verifying";

  useEffect(() => {
    if (!verifying) return;
    let cancelled = false;
    authApi.resetTokenAccount(token).then(
      (account) => !cancelled && setState(account ? { step: "valid", email: account.email } : { step: "invalid" }),
      () => !cancelled && setState({ step: "invalid" }),
    );
    return () => {
      cancelled = true;
    };
  }, [verifying, token]);

  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-8">
      <Card>
        <CardHeader>
          <CardTitle level={1} className="text-2xl">
            {t("reset.title")}
          </CardTitle>
          {state.step === "valid" ? <CardDescription>{t("reset.description")}</CardDescription> : null}
        </CardHeader>
        <CardContent>
          {state.step === "verifying" ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              {t("reset.verifying")}
            </p>
          ) : null}
          {state.step === "invalid" ? <InvalidLink /> : null}
          {state.step === "valid" ? (
            <ResetForm
              token={token}
              email={state.email}
              onDone={() => setState({ step: "success" })}
              onInvalid={() => setState({ step: "invalid" })}
            />
          ) : null}
          {state.step === "success" ? <ResetDone /> : null}
        </CardContent>
      </Card>
    </div>
  );
}

function InvalidLink() {
  const { t } = useTranslation("auth");
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 text-sm" role="alert">
        <XCircle className="size-5 shrink-0 text-destructive" aria-hidden />
        {t("reset.invalidLink")}
      </p>
      <Button asChild>
        <Link to="/auth" state={{ activeTab: "recover" }}>
          {t("reset.requestNewLink")}
        </Link>
      </Button>
    </div>
  );
}

function ResetDone() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const { refresh } = useSession();
  useEffect(() => {
    const redirect = async () => {
      const signedIn = await authApi.hasServerSession();
      await refresh();
      if (signedIn) await navigate("/profile", { replace: true });
      else await navigate("/auth", { replace: true, state: { activeTab: "login" } });
    };
    const timer = setTimeout(() => void redirect(), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate, refresh]);
  return (
    <p className="flex items-start gap-2 text-sm" role="status">
      <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden />
      {t("reset.success")}
    </p>
  );
}

function ResetForm({
  token,
  email,
  onDone,
  onInvalid,
}: {
  token: string;
  email: string;
  onDone: () => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation("auth");
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: "newPassword" });

  const submit = form.handleSubmit(async (values) => {
    try {
      await authApi.resetPassword(token, values.newPassword);
    } catch (failure) {
      const invalid = failure instanceof ApiClientError && failure.code === "INVALID_RESET_TOKEN";
      toast.error(t("reset.updateFailed"), {
        description: invalid ? t("reset.invalidLink") : authErrorText(t, failure, "errors.unknown"),
      });
      if (invalid) onInvalid();
      return;
    }
    // The password is saved whatever happens next; a failed sign-in only means logging in by hand (ResetDone).
    await authApi.signIn({ email, password: values.newPassword }).catch(() => undefined);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField
        label={t("fields.newPassword")}
        error={errors.newPassword?.message && t(errors.newPassword.message)}
        required
      >
        <Input type="password" autoComplete="new-password" {...form.register("newPassword")} />
      </FormField>
      <PasswordStrengthMeter password={newPassword} />
      <FormField
        label={t("fields.confirmPassword")}
        error={errors.confirmPassword?.message && t(errors.confirmPassword.message)}
        required
      >
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? t("reset.processing") : t("reset.submit")}
      </Button>
    </form>
  );
}
