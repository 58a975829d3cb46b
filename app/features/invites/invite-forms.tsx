import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import {
  inviteLoginSchema,
  inviteSignUpSchema,
  type InviteLoginInput,
  type InviteSignUpInput,
} from "../../../shared/team/team-schemas.ts";

/** The invited e-mail: fixed and read-only in both forms (spec 000 §5). */
function FixedEmail({ email }: { email: string }) {
  const { t } = useTranslation("invites");
  return (
    <FormField label={t("form.email")}>
      <Input type="email" value={email} readOnly aria-readonly="true" className="bg-muted" />
    </FormField>
  );
}

export function InviteSignUpForm({
  email,
  defaultName,
  onSubmit,
  onSwitch,
}: {
  email: string;
  defaultName: string;
  onSubmit: (values: InviteSignUpInput) => Promise<void>;
  onSwitch?: () => void;
}) {
  const { t } = useTranslation("invites");
  const form = useForm<InviteSignUpInput>({
    resolver: zodResolver(inviteSignUpSchema),
    defaultValues: { name: defaultName, password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t("form.signUpTitle")}
    >
      <FixedEmail email={email} />
      <FormField label={t("form.name")} error={errors.name?.message && t(errors.name.message)} required>
        <Input autoComplete="name" {...form.register("name")} />
      </FormField>
      <FormField label={t("form.password")} error={errors.password?.message && t(errors.password.message)} required>
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField
        label={t("form.confirmPassword")}
        error={errors.confirmPassword?.message && t(errors.confirmPassword.message)}
        required
      >
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" loading={isSubmitting}>
        {t("form.signUpSubmit")}
      </Button>
      {onSwitch ? (
        <Button type="button" variant="link" onClick={onSwitch}>
          {t("form.toLogin")}
        </Button>
      ) : null}
    </form>
  );
}

export function InviteLoginForm({
  email,
  onSubmit,
  onSwitch,
}: {
  email: string;
  onSubmit: (values: InviteLoginInput) => Promise<void>;
  onSwitch?: () => void;
}) {
  const { t } = useTranslation("invites");
  const form = useForm<InviteLoginInput>({ resolver: zodResolver(inviteLoginSchema), defaultValues: { password: "" } });
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t("form.loginTitle")}
    >
      <FixedEmail email={email} />
      <FormField label={t("form.password")} error={errors.password?.message && t(errors.password.message)} required>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <Button type="submit" loading={isSubmitting}>
        {t("form.loginSubmit")}
      </Button>
      {onSwitch ? (
        <Button type="button" variant="link" onClick={onSwitch}>
          {t("form.toSignUp")}
        </Button>
      ) : null}
    </form>
  );
}
