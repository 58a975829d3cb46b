import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { useSession } from "../../lib/session.tsx";
import { profileSchema, type ProfileInput } from "../../../shared/accounts/registration-schema.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { CompanySizeSelect } from "../../components/profile-selects.tsx";
import { AddressFields } from "../../components/address-fields.tsx";
import { accountApi, PROFILE_QUERY_KEY, type Profile } from "./account-api.ts";

/** Edits every profile field with the registration's own rules. */
export function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation(["account", "auth"]);
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      name: profile.name,
      celular: profile.celular,
      pais: profile.pais,
      estado: profile.estado,
      cidade: profile.cidade,
      logradouro: profile.logradouro,
      numero: profile.numero,
      empresa: profile.empresa,
      tamanhoEmpresa: profile.tamanhoEmpresa || undefined,
    },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const save = useMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: async (updated) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, updated);
      toast.success(t("profile.saved"));
      onDone();
      await refresh();
    },
    onError: () => toast.error(t("profile.saveFailed")),
  });

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("auth:fields.name")} error={message(errors.name?.message)} required>
          <Input autoComplete="name" {...form.register("name")} />
        </FormField>
        <FormField label={t("auth:fields.celular")} error={message(errors.celular?.message)} required>
          <Input type="tel" autoComplete="tel" {...form.register("celular")} />
        </FormField>
        <AddressFields form={form} />
        <FormField label={t("auth:fields.empresa")} error={message(errors.empresa?.message)} required>
          <Input autoComplete="organization" {...form.register("empresa")} />
        </FormField>
        <Controller
          control={form.control}
          name="tamanhoEmpresa"
          render={({ field }) => (
            <FormField label={t("auth:fields.tamanhoEmpresa")} error={message(errors.tamanhoEmpresa?.message)} required>
              <CompanySizeSelect
                value={field.value}
                onChange={field.onChange}
                placeholder={t("auth:fields.tamanhoEmpresaPlaceholder")}
              />
            </FormField>
          )}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          {t("profile.cancel")}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t("profile.save")}
        </Button>
      </div>
    </form>
  );
}
