import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import type { AdminLimits } from "../../../../shared/admin/admin-dtos.ts";
import {
  userLimitsSchema,
  type UserLimitsFormValues,
  type UserLimitsInput,
} from "../../../../shared/admin/admin-schemas.ts";
import { adminApi } from "../api/admin-api.ts";
import { useAdminMutation } from "../hooks/use-admin-queries.ts";

const NUMBER_FIELDS = ["maxTeamMembers", "maxApplications", "maxSubmissions", "storageLimitGb"] as const;

/** The form shows the price in reais; the API keeps cents. */
function toForm(limits: AdminLimits): UserLimitsFormValues {
  return {
    maxTeamMembers: limits.maxTeamMembers ?? "",
    maxApplications: limits.maxApplications ?? "",
    maxSubmissions: limits.maxSubmissions ?? "",
    storageLimitGb: limits.storageLimitGb ?? "",
    monthlyPriceCents: limits.monthlyPriceCents === null ? "" : String(limits.monthlyPriceCents / 100),
    isCustomPlan: limits.isCustomPlan,
  };
}

/** Reais typed with a comma or a dot ("150,50") → cents; anything else goes to the schema as typed, to be refused. */
function priceToCents(value: unknown): unknown {
  if (typeof value !== "string" || value.trim() === "") return value;
  const reais = Number(value.trim().replace(",", "."));
  return Number.isFinite(reais) ? Math.round(reais * 100) : value;
}

/** user_limits of one user (spec 000 §3): each empty field leaves the plan's own limit. */
export function LimitsForm({ userId, limits }: { userId: string; limits: AdminLimits }) {
  const { t } = useTranslation("admin");
  const save = useAdminMutation((input: UserLimitsInput) => adminApi.saveLimits(userId, input));
  const form = useForm<UserLimitsFormValues, unknown, UserLimitsInput>({
    resolver: async (values, context, options) =>
      zodResolver(userLimitsSchema)(
        { ...values, monthlyPriceCents: priceToCents(values.monthlyPriceCents) },
        context,
        options,
      ),
    defaultValues: toForm(limits),
  });
  const isCustomPlan = useWatch({ control: form.control, name: "isCustomPlan" });
  const errorText = (message: string | undefined) => (message ? t(`limits.validation.${message}`) : undefined);
  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync([input]);
      form.reset(toForm(saved.limits));
      toast.success(t("limits.saved"));
    } catch (error) {
      toast.error(apiErrorText(t, error));
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("limits.title")}</CardTitle>
        <CardDescription>{t("limits.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            {NUMBER_FIELDS.map((name) => (
              <FormField key={name} label={t(`limits.${name}`)} error={errorText(form.formState.errors[name]?.message)}>
                <Input inputMode="numeric" {...form.register(name)} data-testid={`limit-${name}`} />
              </FormField>
            ))}
            <FormField
              label={t("limits.monthlyPrice")}
              error={errorText(form.formState.errors.monthlyPriceCents?.message)}
            >
              <Input inputMode="decimal" {...form.register("monthlyPriceCents")} data-testid="limit-monthlyPrice" />
            </FormField>
          </div>
          <div className="flex items-start gap-3">
            <Checkbox
              id="limits-custom-plan"
              checked={isCustomPlan === true}
              onCheckedChange={(checked) => form.setValue("isCustomPlan", checked === true, { shouldDirty: true })}
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor="limits-custom-plan">{t("limits.isCustomPlan")}</Label>
              <p className="text-xs text-muted-foreground">{t("limits.isCustomPlanHint")}</p>
            </div>
          </div>
          <div>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t("limits.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
