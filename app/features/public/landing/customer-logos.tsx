import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Marks of fictional customers (no real brand is shown): each a small geometric figure in the theme's colours, drawn
 * inline so the row costs no request and follows the light and dark themes.
 */
const LOGOS: { key: string; mark: ReactNode }[] = [
  {
    key: "alvorada",
    mark: (
      <>
        <circle cx="16" cy="20" r="8" />
        <path d="M4 24h24M8 28h16" strokeWidth="2.5" stroke="currentColor" />
      </>
    ),
  },
  { key: "terraFirme", mark: <path d="M4 28 14 8l6 12 3-5 5 13z" /> },
  { key: "agrovale", mark: <path d="M16 4c8 6 8 18 0 24C8 22 8 10 16 4z" /> },
  {
    key: "horizonte",
    mark: <path d="M16 6a14 14 0 0 1 14 14h-4a10 10 0 0 0-20 0H2A14 14 0 0 1 16 6zm0 8a6 6 0 0 1 6 6h-12a6 6 0 0 1 6-6z" />,
  },
  { key: "rioClaro", mark: <path d="M16 3c6 9 9 14 9 18a9 9 0 0 1-18 0c0-4 3-9 9-18z" /> },
  { key: "serraAzul", mark: <path d="M16 3 28 8v8c0 7-5 11-12 13C9 27 4 23 4 16V8z" /> },
];

export function CustomerLogosSection() {
  const { t } = useTranslation("public");
  return (
    <section aria-labelledby="logos-title" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <h2 id="logos-title" className="mb-8 text-center text-sm font-semibold uppercase tracking-wider text-muted-foreground">
        {t("landing.logos.title")}
      </h2>
      <ul className="grid grid-cols-2 items-center gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
        {LOGOS.map(({ key, mark }) => (
          <li key={key} className="flex items-center justify-center gap-2 text-muted-foreground">
            <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden className="shrink-0 fill-current">
              {mark}
            </svg>
            <span className="text-sm font-semibold leading-tight">{t(`landing.logos.names.${key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
