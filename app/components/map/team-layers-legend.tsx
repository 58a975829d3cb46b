import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../ui/checkbox.tsx";
import { Switch } from "../ui/switch.tsx";
import type { TeamLayersView } from "./team-layers-context.tsx";

/**
 * The legend of the team layers under a map: each layer's colour and name with a box to show or hide it, and (on
 * maps where a tap places something) the switch that turns snapping to the layers on and off.
 */
export function TeamLayersLegend({ view, withSnapping = false }: { view: TeamLayersView; withSnapping?: boolean }) {
  const { t } = useTranslation("common");
  const id = useId();
  if (!view.layers.length) return null;
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm"
      data-testid="team-layers-legend"
    >
      <legend className="px-1 font-medium">{t("teamLayers.legend")}</legend>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {view.layers.map((layer) => (
          <li key={layer.id} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${layer.id}`}
              checked={!view.hidden.has(layer.id)}
              onCheckedChange={() => view.toggle(layer.id)}
            />
            <span aria-hidden className="size-3 rounded-sm" style={{ backgroundColor: layer.color }} />
            <label htmlFor={`${id}-${layer.id}`}>{layer.name}</label>
          </li>
        ))}
      </ul>
      {withSnapping && (
        <div className="flex items-center gap-2">
          <Switch id={`${id}-snap`} checked={view.snapping} onCheckedChange={view.setSnapping} />
          <label htmlFor={`${id}-snap`}>{t("teamLayers.snap")}</label>
        </div>
      )}
    </fieldset>
  );
}
