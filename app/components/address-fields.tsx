import {
  Controller,
  useWatch,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isBrazil } from "../../shared/accounts/brazilian-states.ts";
import { Input } from "./ui/input.tsx";
import { FormField } from "./ui/form-field.tsx";
import { StateSelect } from "./profile-selects.tsx";

interface AddressValues {
  pais: string;
  estado: string;
  cidade: string;
  logradouro: string;
  numero: string;
}

/**
 * The address block of registration step 2 and of the profile form: country, state (the list of Brazilian states
 * when the country is Brasil, free text otherwise), city, street and number. Error messages are `auth:` keys.
 */
export function AddressFields<T extends FieldValues & Partial<AddressValues>, Out extends FieldValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, Out>;
}) {
  const { t } = useTranslation("auth");
  const name = (field: keyof AddressValues) => field as Path<T>;
  const errors = form.formState.errors as FieldErrors<AddressValues>;
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const pais = useWatch({ control: form.control, name: name("pais") }) as string | undefined;

  return (
    <>
      <FormField label={t("fields.pais")} error={message(errors.pais?.message)} required>
        <Input autoComplete="country-name" {...form.register(name("pais"))} />
      </FormField>
      {isBrazil(pais ?? "") ? (
        <Controller
          control={form.control}
          name={name("estado")}
          render={({ field }) => (
            <FormField label={t("fields.estado")} error={message(errors.estado?.message)} required>
              <StateSelect value={field.value} onChange={field.onChange} placeholder={t("fields.estadoPlaceholder")} />
            </FormField>
          )}
        />
      ) : (
        <FormField label={t("fields.estado")} error={message(errors.estado?.message)} required>
          <Input autoComplete="address-level1" {...form.register(name("estado"))} />
        </FormField>
      )}
      <FormField label={t("fields.cidade")} error={message(errors.cidade?.message)} required>
        <Input autoComplete="address-level2" {...form.register(name("cidade"))} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField label={t("fields.logradouro")} error={message(errors.logradouro?.message)} required>
          <Input autoComplete="address-line1" {...form.register(name("logradouro"))} />
        </FormField>
        <FormField label={t("fields.numero")} error={message(errors.numero?.message)} required>
          <Input {...form.register(name("numero"))} />
        </FormField>
      </div>
    </>
  );
}
