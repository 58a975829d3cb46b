import { Quote } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { hasTextFields, useCatalogList } from "./use-catalog-list.ts";

const isTestimonial = hasTextFields("quote", "name", "role");

/** What fictional customers say (the same companies as the logo row). */
export function TestimonialsSection() {
  const { t } = useTranslation("public");
  const testimonials = useCatalogList("landing.testimonials.items", isTestimonial);
  return (
    <section aria-labelledby="testimonials-title" className="bg-muted/50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="testimonials-title" className="mb-10 text-center text-3xl font-bold tracking-tight">
          {t("landing.testimonials.title")}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map(({ quote, name, role }) => (
            <li key={name}>
              <Card className="h-full">
                <CardContent className="flex h-full flex-col gap-4 pt-6">
                  <Quote className="size-6 text-primary" aria-hidden />
                  <blockquote className="flex-1 text-pretty">{quote}</blockquote>
                  <p className="text-sm">
                    <span className="block font-semibold">{name}</span>
                    <span className="text-muted-foreground">{role}</span>
                  </p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
