import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { AlertCircle, ArrowLeft, ArrowRight } from "lucide-react";
import { ApiClientError } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.tsx";
import {
  DEFAULT_COUNTRY,
  REGISTRATION_STEPS,
  registrationSchema,
  type Registration,
  type RegistrationInput,
} from "../../../shared/accounts/registration-schema.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert.tsx";
import { PasswordStrengthMeter } from "../../components/password-strength-meter.tsx";
import { CompanySizeSelect } from "../../components/profile-selects.tsx";
import { AddressFields } from "../../components/address-fields.tsx";
import { StepIndicator } from "./step-indicator.tsx";
import { authApi } from "./auth-api.ts";
import { authErrorText } from "./auth-error-text.ts";
import { track } from "../../lib/analytics/track.ts";

const LAST_STEP = REGISTRATION_STEPS.length - 1;

/** The 4-step registration of spec 000 §2: Next validates only the current step's fields. */
export function RegisterWizard({ onAlreadyRegistered }: { onAlreadyRegistered: (email: string) => void }) {
  const { t, i18n } = useTranslation("auth");
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues: {
      name: "",
      email: "",
      password: "",
      celular: "",
      pais: DEFAULT_COUNTRY,
      estado: "",
      cidade: "",
      logradouro: "",
      numero: "",
      empresa: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: "password" });
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  useEffect(() => track("sign_up_start"), []);

  const next = async () => {
    const stepFields = REGISTRATION_STEPS[step];
    if (stepFields && (await form.trigger([...stepFields], { shouldFocus: true }))) setStep(step + 1);
  };

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await authApi.register(values, i18n.language);
    } catch (failure) {
      if (failure instanceof ApiClientError && failure.code === "EMAIL_ALREADY_REGISTERED") {
        toast.error(t("register.errors.emailExistsToast"), { description: t("register.errors.emailExists") });
        onAlreadyRegistered(values.email);
        return;
      }
      const text = authErrorText(t, failure, "register.errors.failed");
      setError(text);
      toast.error(t("register.errors.failedToast"), { description: text });
      return;
    }
    track("sign_up_complete");
    toast.success(t("register.success"));
    await refresh();
    void navigate("/applications", { replace: true });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <StepIndicator
        current={step}
        total={REGISTRATION_STEPS.length}
        titles={[
          t("register.steps.personal"),
          t("register.steps.address"),
          t("register.steps.company"),
          t("register.steps.terms"),
        ]}
      />
      {error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <div>
            <AlertTitle>{t("errorTitle")}</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </div>
        </Alert>
      ) : null}

      {step === 0 ? (
        <>
          <FormField label={t("fields.name")} error={message(errors.name?.message)} required>
            <Input autoComplete="name" {...form.register("name")} />
          </FormField>
          <FormField label={t("fields.email")} error={message(errors.email?.message)} required>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <FormField label={t("fields.password")} error={message(errors.password?.message)} required>
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </FormField>
          <PasswordStrengthMeter password={password} />
          <FormField label={t("fields.celular")} error={message(errors.celular?.message)} required>
            <Input type="tel" autoComplete="tel" placeholder="(11) 99999-9999" {...form.register("celular")} />
          </FormField>
        </>
      ) : null}

      {step === 1 ? (
        <>
          <AddressFields form={form} />
        </>
      ) : null}

      {step === 2 ? (
        <>
          <FormField label={t("fields.empresa")} error={message(errors.empresa?.message)} required>
            <Input autoComplete="organization" {...form.register("empresa")} />
          </FormField>
          <Controller
            control={form.control}
            name="tamanhoEmpresa"
            render={({ field }) => (
              <FormField label={t("fields.tamanhoEmpresa")} error={message(errors.tamanhoEmpresa?.message)} required>
                <CompanySizeSelect
                  value={field.value}
                  onChange={field.onChange}
                  placeholder={t("fields.tamanhoEmpresaPlaceholder")}
                />
              </FormField>
            )}
          />
        </>
      ) : null}

      {step === 3 ? (
        <Controller
          control={form.control}
          name="termos"
          render={({ field }) => (
            <div className="flex flex-col gap-2">
              <div className="flex items-start gap-3">
                <Checkbox
                  id="register-terms"
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  aria-invalid={errors.termos ? true : undefined}
                />
                <Label htmlFor="register-terms" className="leading-snug font-normal">
                  {t("register.terms.accept")}{" "}
                  <Link to="/terms-of-service" target="_blank" className="text-primary underline">
                    {t("register.terms.termsLink")}
                  </Link>{" "}
                  {t("register.terms.and")}{" "}
                  <Link to="/privacy-policy" target="_blank" className="text-primary underline">
                    {t("register.terms.privacyLink")}
                  </Link>
                </Label>
              </div>
              {errors.termos?.message ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {t(errors.termos.message)}
                </p>
              ) : null}
            </div>
          )}
        />
      ) : null}

      <div className="flex justify-between gap-2 pt-2">
        {step > 0 ? (
          <Button type="button" variant="outline" onClick={() => setStep(step - 1)} disabled={isSubmitting}>
            <ArrowLeft aria-hidden />
            {t("register.back")}
          </Button>
        ) : (
          <span />
        )}
        {step < LAST_STEP ? (
          // Distinct keys: the Next click must not land on a submit button swapped into the same DOM node.
          <Button key="next" type="button" onClick={next}>
            {t("register.next")}
            <ArrowRight aria-hidden />
          </Button>
        ) : (
          <Button key="submit" type="submit" loading={isSubmitting}>
            {t("register.submit")}
          </Button>
        )}
      </div>
    </form>
  );
}
