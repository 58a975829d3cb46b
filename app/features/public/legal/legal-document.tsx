import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";

export type LegalDocumentId = "privacy" | "terms";

/** Full numeric date in the reader's language: dd/MM/yyyy in pt-BR and es, MM/dd/yyyy in English (spec 000 §9). */
export function formatLastUpdate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { day: "2-digit", month: "2-digit", year: "numeric" }).format(date);
}

/** Privacy policy and terms share one layout: title, last-update line (today, as the spec shows it), numbered sections. */
export function LegalDocument({ id }: { id: LegalDocumentId }) {
  const { t, i18n } = useTranslation("legal");
  const sections = Object.entries(t(`${id}.sections`, { returnObjects: true }) as Record<string, { title: string; body: string }>);
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 py-4">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to="/">
          <ArrowLeft aria-hidden />
          {t("back")}
        </Link>
      </Button>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t(`${id}.title`)}</h1>
        <p className="text-sm text-muted-foreground">{t("lastUpdated", { date: formatLastUpdate(new Date(), i18n.resolvedLanguage ?? i18n.language) })}</p>
        <p className="text-muted-foreground">{t(`${id}.intro`)}</p>
      </header>
      <nav aria-label={t("contents")} className="rounded-lg border bg-card p-4">
        <h2 className="mb-2 text-sm font-semibold">{t("contents")}</h2>
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {sections.map(([key, section], index) => (
            <li key={key}>
              <a href={`#${key}`} className="text-primary underline-offset-4 hover:underline">
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map(([key, section], index) => (
        <section key={key} id={key} aria-labelledby={`${key}-title`} className="flex scroll-mt-20 flex-col gap-2">
          <h2 id={`${key}-title`} className="text-xl font-semibold">
            {index + 1}. {section.title}
          </h2>
          <p className="leading-relaxed text-muted-foreground">{section.body}</p>
        </section>
      ))}
    </article>
  );
}
