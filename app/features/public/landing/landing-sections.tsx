import { Camera, CheckCircle2, ClipboardList, LayoutTemplate, MapPin, PenLine, Smartphone, WifiOff, XCircle, BarChart3, Map } from "lucide-react";
import { Link } from "react-router";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { TryFreeButton } from "./landing-links.tsx";
import { track } from "../../../lib/analytics/track.ts";
import { useTrackWhenSeen } from "../../../lib/analytics/use-track-when-seen.ts";
import { isText, useCatalogList } from "./use-catalog-list.ts";

/** A glimpse of a record as a collector sees it: the product explained without a screenshot. */
function RecordPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-xs rounded-[2rem] border-4 border-foreground/80 bg-card p-4 shadow-2xl">
      <div className="mb-3 h-1.5 w-16 self-center rounded-full bg-muted mx-auto" />
      <div className="flex flex-col gap-3">
        <div className="h-3 w-2/3 rounded bg-foreground/70" />
        {[ClipboardList, PenLine].map((Icon, index) => (
          <div key={index} className="flex items-center gap-2 rounded-md border bg-background p-2">
            <Icon className="size-4 text-primary" />
            <div className="h-2.5 flex-1 rounded bg-muted" />
          </div>
        ))}
        <div className="flex items-center gap-2 rounded-md border border-primary/40 bg-accent p-2 text-accent-foreground">
          <MapPin className="size-4" />
          <span className="font-mono text-xs">-15.7939, -47.8828 ±4 m</span>
        </div>
        <div className="grid grid-cols-3 gap-2">
          {[0, 1, 2].map((index) => (
            <div key={index} className="flex aspect-square items-center justify-center rounded-md bg-muted">
              <Camera className="size-4 text-muted-foreground" />
            </div>
          ))}
        </div>
        <div className="h-9 rounded-md bg-primary" />
      </div>
      <div className="absolute -right-3 -top-3 flex items-center gap-1 rounded-full bg-warning-solid px-2 py-1 text-xs font-semibold text-warning-solid-foreground shadow">
        <WifiOff className="size-3" /> offline
      </div>
    </div>
  );
}

export function HeroSection() {
  const { t } = useTranslation("public");
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-accent/70 to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pb-16 pt-10 sm:px-6 lg:grid-cols-2 lg:pb-24 lg:pt-16">
        <div className="flex flex-col gap-6 text-center lg:text-left">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("landing.hero.eyebrow")}</p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t("landing.hero.title")}</h1>
          <p className="text-lg text-muted-foreground text-pretty">{t("landing.hero.subtitle")}</p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <TryFreeButton size="lg">{t("landing.hero.primary")}</TryFreeButton>
            <Button asChild size="lg" variant="outline">
              <Link to="/auth" onClick={() => track("cta_click", { cta: "hero_login" })}>
                {t("landing.hero.secondary")}
              </Link>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{t("landing.hero.note")}</p>
        </div>
        <RecordPreview />
      </div>
    </section>
  );
}

export function ProblemSolutionSection() {
  const { t } = useTranslation("public");
  const problems = useCatalogList("landing.problem.items", isText);
  const solutions = useCatalogList("landing.solution.items", isText);
  return (
    <section className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
      <Card className="border-destructive/30">
        <CardHeader>
          <CardTitle level={2} className="text-xl">
            {t("landing.problem.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-3">
            {problems.map((item) => (
              <li key={item} className="flex gap-3">
                <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card className="border-primary/40">
        <CardHeader>
          <CardTitle level={2} className="text-xl">{t("landing.solution.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-3">
            {solutions.map((item) => (
              <li key={item} className="flex gap-3">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

const FEATURES = [
  { key: "builder", icon: LayoutTemplate },
  { key: "offline", icon: Smartphone },
  { key: "reports", icon: Map },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation("public");
  const section = useRef<HTMLElement>(null);
  useTrackWhenSeen(section, "feature_view", "features");
  return (
    <section ref={section} id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-muted/50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="features-title" className="mb-10 text-center text-3xl font-bold tracking-tight">
          {t("landing.features.title")}
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <Card key={key}>
              <CardHeader>
                <span className="mb-2 flex size-12 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-6" aria-hidden />
                </span>
                <CardTitle>{t(`landing.features.${key}.title`)}</CardTitle>
              </CardHeader>
              <CardContent className="text-muted-foreground">{t(`landing.features.${key}.text`)}</CardContent>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}

const STEPS = [
  { key: "one", icon: LayoutTemplate },
  { key: "two", icon: MapPin },
  { key: "three", icon: BarChart3 },
] as const;

export function StepsSection() {
  const { t } = useTranslation("public");
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="mx-auto max-w-7xl scroll-mt-16 px-4 py-16 sm:px-6">
      <h2 id="how-title" className="mb-10 text-center text-3xl font-bold tracking-tight">
        {t("landing.steps.title")}
      </h2>
      <ol className="grid gap-8 md:grid-cols-3">
        {STEPS.map(({ key, icon: Icon }, index) => (
          <li key={key} className="flex flex-col items-center gap-3 text-center">
            <span className="relative flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <Icon className="size-7" aria-hidden />
              <span className="absolute -right-1 -top-1 flex size-6 items-center justify-center rounded-full border-2 border-background bg-foreground text-xs font-bold text-background">
                {index + 1}
              </span>
            </span>
            <h3 className="text-lg font-semibold">{t(`landing.steps.${key}.title`)}</h3>
            <p className="max-w-xs text-muted-foreground">{t(`landing.steps.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function FinalCtaSection() {
  const { t } = useTranslation("public");
  return (
    <section className="px-4 pb-16 sm:px-6">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground">
        <h2 className="text-3xl font-bold tracking-tight">{t("landing.cta.title")}</h2>
        <p>{t("landing.cta.text")}</p>
        <TryFreeButton size="lg" variant="secondary">
          {t("landing.cta.button")}
        </TryFreeButton>
      </div>
    </section>
  );
}
