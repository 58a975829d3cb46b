import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { LANGUAGES, normalizeLanguage, type Language } from "../../../shared/i18n/languages.ts";
import { FormField } from "../../components/ui/form-field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select.tsx";
import { accountApi, PROFILE_QUERY_KEY } from "./account-api.ts";

/** The language of the interface, also stored on the profile so e-mails come in it. */
export function LanguagePreference() {
  const { t, i18n } = useTranslation("account");
  const queryClient = useQueryClient();
  const current = normalizeLanguage(i18n.language) ?? "pt-BR";
  const save = useMutation({
    mutationFn: (locale: Language) => accountApi.updateProfile({ locale }),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      toast.success(t("language.saved"));
    },
    onError: () => toast.error(t("language.saveFailed")),
  });

  const choose = async (value: string) => {
    const locale = value as Language;
    await i18n.changeLanguage(locale);
    save.mutate(locale);
  };

  return (
    <FormField label={t("language.label")} className="max-w-xs" id="language-preference">
      <Select value={current} onValueChange={choose} disabled={save.isPending}>
        {/* Radix's Select root takes no id: the label names the trigger. */}
        <SelectTrigger id="language-preference">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANGUAGES.map((language) => (
            <SelectItem key={language} value={language}>
              {t(`language.names.${language}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
