import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { LanguagePreference } from "./language-preference.tsx";
import { ApiTokensSection } from "./api-tokens-section.tsx";

/** /settings (spec 000 §2): change password, the interface language kept on the profile, and API tokens. */
export default function SettingsPage() {
  const { t } = useTranslation("account");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("settings.title")}</h1>
        <p className="text-muted-foreground">{t("settings.subtitle")}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("password.title")}</CardTitle>
          <CardDescription>{t("password.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("language.title")}</CardTitle>
          <CardDescription>{t("language.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <LanguagePreference />
        </CardContent>
      </Card>
      <ApiTokensSection />
    </div>
  );
}
