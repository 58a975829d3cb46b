import { useTranslation } from "react-i18next";
import { hasTextFields, useCatalogList } from "./use-catalog-list.ts";

const isFigure = hasTextFields("value", "label");

/** The marketing figures of spec 000 §1, right under the hero. */
export function FiguresSection() {
  const { t } = useTranslation("public");
  const figures = useCatalogList("landing.figures.items", isFigure);
  return (
    <section aria-labelledby="figures-title" className="border-y bg-card">
      <h2 id="figures-title" className="sr-only">
        {t("landing.figures.title")}
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 sm:px-6 md:grid-cols-4">
        {figures.map(({ value, label }) => (
          <div key={label} className="flex flex-col-reverse items-center gap-1 text-center">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-3xl font-bold tracking-tight text-primary">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
