import { useTranslation } from "react-i18next";
import { MapPinOff } from "lucide-react";
import { Checkbox } from "../../../components/ui/checkbox.tsx";

interface LegendEntry {
  id: string;
  name: string;
  color: string;
  /** Records the application places on the map (the whole world's count, whatever the view). */
  located: number;
  withoutLocation: number;
}

interface MapLegendProps {
  entries: LegendEntry[];
  hidden: ReadonlySet<string>;
  onToggle(id: string): void;
}

/** One line per application: its colour, how many records it places, and a box that shows or hides it. */
export function MapLegend({ entries, hidden, onToggle }: MapLegendProps) {
  const { t } = useTranslation("data");
  return (
    <section aria-label={t("overview.legend")} className="rounded-lg border border-border bg-card p-3">
      <h2 className="mb-2 text-sm font-semibold">{t("overview.legend")}</h2>
      <ul className="space-y-2" data-testid="map-legend">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-start gap-2 text-sm">
            <Checkbox
              id={`legend-${entry.id}`}
              checked={!hidden.has(entry.id)}
              onCheckedChange={() => onToggle(entry.id)}
              aria-label={t("overview.showApplication", { name: entry.name })}
            />
            <label htmlFor={`legend-${entry.id}`} className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="flex items-center gap-2">
                <span
                  className="size-3 shrink-0 rounded-full border border-white"
                  style={{ backgroundColor: entry.color }}
                  data-testid="legend-swatch"
                  aria-hidden
                />
                <span className="truncate font-medium">{entry.name}</span>
              </span>
              <span className="text-xs text-muted-foreground">
                {t("map.located", { count: entry.located })}
                {entry.withoutLocation > 0 && (
                  <span className="ml-2 inline-flex items-center gap-1">
                    <MapPinOff className="size-3" aria-hidden />{" "}
                    {t("map.withoutLocation", { count: entry.withoutLocation })}
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
