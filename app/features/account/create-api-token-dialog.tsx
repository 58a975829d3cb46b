import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Plus } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { controlClasses, Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx";
import { apiErrorText } from "../../lib/api-error-text.ts";
import {
  API_TOKEN_EXPIRY_DAYS,
  createApiTokenSchema,
  type ApiTokenAccess,
  type CreatedApiTokenDto,
} from "../../../shared/integrations/api-tokens.ts";
import { API_TOKENS_QUERY_KEY, apiTokensApi, SCOPE_APPLICATIONS_QUERY_KEY } from "./api-tokens-api.ts";
import { ApiTokenSecret } from "./api-token-secret.tsx";

type Expiry = "30" | "90" | "365" | "never";
type Choice = ApiTokenAccess | "none";

/** Name, expiry and one access level per application; once created, the secret is shown here, once. */
export function CreateApiTokenDialog() {
  const { t } = useTranslation("api-tokens");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<Expiry>("90");
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const [created, setCreated] = useState<CreatedApiTokenDto | null>(null);
  const applications = useQuery({
    queryKey: SCOPE_APPLICATIONS_QUERY_KEY,
    queryFn: apiTokensApi.applications,
    enabled: open,
  });
  const create = useMutation({
    mutationFn: apiTokensApi.create,
    onSuccess: async (token) => {
      setCreated(token);
      await queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY });
    },
    onError: (error) => setErrors({ form: apiErrorText(t, error) }),
  });

  const reset = () => {
    setName("");
    setExpiry("90");
    setChoices({});
    setErrors({});
    setCreated(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scopes = Object.entries(choices).flatMap(([applicationId, access]) =>
      access === "none" ? [] : [{ applicationId, access }],
    );
    const parsed = createApiTokenSchema.safeParse({
      name,
      expiresInDays: expiry === "never" ? null : Number(expiry),
      scopes,
    });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((entry) => entry.path[0] === field)?.message;
      const nameIssue = issue("name");
      const scopesIssue = issue("scopes");
      return setErrors({
        ...(nameIssue ? { name: t(nameIssue) } : {}),
        ...(scopesIssue ? { scopes: t(scopesIssue) } : {}),
      });
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          {t("create.button")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("created.title")}</DialogTitle>
              <DialogDescription>{t("created.description", { name: created.name })}</DialogDescription>
            </DialogHeader>
            <ApiTokenSecret token={created.token} />
            <DialogFooter>
              <Button onClick={() => setOpen(false)}>{t("created.done")}</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t("create.title")}</DialogTitle>
              <DialogDescription>{t("create.description")}</DialogDescription>
            </DialogHeader>
            <FormField label={t("create.name")} error={errors.name} required>
              <Input value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
            </FormField>
            <FormField label={t("create.expiry")}>
              <select
                className={controlClasses}
                value={expiry}
                onChange={(event) => setExpiry(event.target.value as Expiry)}
              >
                {API_TOKEN_EXPIRY_DAYS.map((days) => (
                  <option key={days} value={String(days)}>
                    {t("expiry.days", { count: days })}
                  </option>
                ))}
                <option value="never">{t("expiry.never")}</option>
              </select>
            </FormField>
            <fieldset
              className="flex flex-col gap-3"
              aria-describedby={errors.scopes ? "api-token-scopes-error" : undefined}
            >
              <legend className="mb-1 text-sm font-medium">{t("create.access")}</legend>
              {applications.isPending ? (
                <Skeleton className="h-10 w-full" />
              ) : applications.isError ? (
                <p className="text-sm text-destructive">{apiErrorText(t, applications.error)}</p>
              ) : applications.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("create.noApplications")}</p>
              ) : (
                applications.data.map((application) => (
                  <FormField
                    key={application.id}
                    label={application.name}
                    className="sm:flex-row sm:items-center sm:justify-between sm:gap-3"
                  >
                    <select
                      className={`${controlClasses} sm:max-w-48`}
                      value={choices[application.id] ?? "none"}
                      onChange={(event) =>
                        setChoices((current) => ({ ...current, [application.id]: event.target.value as Choice }))
                      }
                    >
                      <option value="none">{t("access.none")}</option>
                      <option value="read">{t("access.read")}</option>
                      {application.capabilities.canCollect ? <option value="write">{t("access.write")}</option> : null}
                    </select>
                  </FormField>
                ))
              )}
              {errors.scopes ? (
                <p id="api-token-scopes-error" className="text-sm text-destructive" role="alert">
                  {errors.scopes}
                </p>
              ) : null}
            </fieldset>
            {errors.form ? (
              <p className="text-sm text-destructive" role="alert">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("create.cancel")}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t("create.submit")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
