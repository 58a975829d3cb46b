import { useTranslation } from "react-i18next";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "./ui/form-field.tsx";
import { Input } from "./ui/input.tsx";
import { Textarea } from "./ui/textarea.tsx";
import { CONTACT_LIMITS, type ContactMessage } from "../../shared/contact/contact-schema.ts";

type ContactField = keyof ContactMessage;

interface ContactFieldsProps {
  register: (name: ContactField) => UseFormRegisterReturn;
  /** The form's errors; each message is a key under `contact.validation` (shared/contact/contact-schema.ts). */
  errors: Partial<Record<ContactField, { message?: string }>>;
}

/** The five required fields the contact and support forms share (spec 000 §5), each with its error under it. */
export function ContactFields({ register, errors }: ContactFieldsProps) {
  const { t } = useTranslation("public");
  const errorText = (field: ContactField) => {
    const key = errors[field]?.message;
    return key ? t(`contact.validation.${key}`) : undefined;
  };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("contact.fields.fullName")} error={errorText("fullName")} required>
          <Input
            autoComplete="name"
            maxLength={CONTACT_LIMITS.fullName.max}
            placeholder={t("contact.placeholders.fullName")}
            {...register("fullName")}
          />
        </FormField>
        <FormField label={t("contact.fields.email")} error={errorText("email")} required>
          <Input
            type="email"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email.max}
            placeholder={t("contact.placeholders.email")}
            {...register("email")}
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("contact.fields.celular")} error={errorText("celular")} required>
          <Input
            type="tel"
            autoComplete="tel"
            maxLength={CONTACT_LIMITS.celular.max}
            placeholder={t("contact.placeholders.celular")}
            {...register("celular")}
          />
        </FormField>
        <FormField label={t("contact.fields.subject")} error={errorText("subject")} required>
          <Input
            maxLength={CONTACT_LIMITS.subject.max}
            placeholder={t("contact.placeholders.subject")}
            {...register("subject")}
          />
        </FormField>
      </div>
      <FormField label={t("contact.fields.message")} error={errorText("message")} required>
        <Textarea
          rows={6}
          maxLength={CONTACT_LIMITS.message.max}
          placeholder={t("contact.placeholders.message")}
          {...register("message")}
        />
      </FormField>
    </>
  );
}
