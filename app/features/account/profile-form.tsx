import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useSession } from "../../lib/session.tsx";
import { profileSchema, type ProfileInput } from "../../../shared/accounts/registration-schema.ts";
import { isBrazil } from "../../../shared/accounts/brazilian-states.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { CompanySizeSelect, StateSelect } from "../../components/profile-selects.tsx";
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
  const pais = useWatch({ control: form.control, name: "pais" });
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
        <FormField label={t("auth:fields.pais")} error={message(errors.pais?.message)} required>
          <Input autoComplete="country-name" {...form.register("pais")} />
        </FormField>
        {isBrazil(pais ?? "") ? (
          <Controller
            control={form.control}
            name="estado"
            render={({ field }) => (
              <FormField label={t("auth:fields.estado")} error={message(errors.estado?.message)} required>
                <StateSelect value={field.value} onChange={field.onChange} placeholder={t("auth:fields.estadoPlaceholder")} />
              </FormField>
            )}
          />
        ) : (
          <FormField label={t("auth:fields.estado")} error={message(errors.estado?.message)} required>
            <Input autoComplete="address-level1" {...form.register("estado")} />
          </FormField>
        )}
        <FormField label={t("auth:fields.cidade")} error={message(errors.cidade?.message)} required>
          <Input autoComplete="address-level2" {...form.register("cidade")} />
        </FormField>
        <div className="grid grid-cols-[1fr_6rem] gap-4">
          <FormField label={t("auth:fields.logradouro")} error={message(errors.logradouro?.message)} required>
            <Input autoComplete="address-line1" {...form.register("logradouro")} />
          </FormField>
          <FormField label={t("auth:fields.numero")} error={message(errors.numero?.message)} required>
            <Input {...form.register("numero")} />
          </FormField>
        </div>
        <FormField label={t("auth:fields.empresa")} error={message(errors.empresa?.message)} required>
          <Input autoComplete="organization" {...form.register("empresa")} />
        </FormField>
        <Controller
          control={form.control}
          name="tamanhoEmpresa"
          render={({ field }) => (
            <FormField label={t("auth:fields.tamanhoEmpresa")} error={message(errors.tamanhoEmpresa?.message)} required>
              <CompanySizeSelect value={field.value} onChange={field.onChange} placeholder={t("auth:fields.tamanhoEmpresaPlaceholder")} />
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
