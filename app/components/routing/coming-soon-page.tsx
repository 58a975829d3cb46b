import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";

/** An honest placeholder for a screen a later issue builds. */
export default function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-3 py-16 text-center">
      <Construction className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold">{t(titleKey)}</h1>
      <p className="max-w-md text-muted-foreground">{t("comingSoon.message")}</p>
    </section>
  );
}
