import { useTranslation } from "react-i18next";
import { ClipboardList, Plus, Users } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";

/** First visit: a welcome with the create button and what the two kinds of applications are (spec 000 §2). */
export function ApplicationsWelcome({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation("applications");
  const infoCards = [
    { icon: ClipboardList, title: t("empty.ownTitle"), text: t("empty.ownText") },
    { icon: Users, title: t("empty.teamTitle"), text: t("empty.teamText") },
  ];
  return (
    <section
      aria-labelledby="welcome-title"
      className="flex flex-col items-center gap-6 rounded-xl border border-dashed bg-card px-6 py-12 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <ClipboardList className="size-8" aria-hidden />
      </span>
      <div className="flex max-w-lg flex-col gap-2">
        <h2 id="welcome-title" className="text-xl font-semibold">
          {t("empty.title")}
        </h2>
        <p className="text-muted-foreground">{t("empty.message")}</p>
      </div>
      <Button size="lg" onClick={onCreate}>
        <Plus aria-hidden />
        {t("empty.create")}
      </Button>
      <div className="grid w-full max-w-2xl gap-4 text-left sm:grid-cols-2">
        {infoCards.map(({ icon: Icon, title, text }) => (
          <Card key={title} className="flex gap-3 p-4 shadow-none">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <div>
              <h3 className="text-sm font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}
