import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { rangeStops } from "../../../../shared/fields/question-types.ts";
import { parseNumberText } from "../../../../shared/fields/number-text.ts";
import { cn } from "../../../lib/cn.ts";
import { Button } from "../../ui/button.tsx";
import { groupAria, inputAria, type WidgetProps } from "./widget-props.ts";

/** Stars and likert points are native radios (arrow keys move, screen readers read "3 of 5"); drawn as buttons. */
function StopRadios({
  field,
  current,
  onChange,
  control,
}: Omit<WidgetProps<"range">, "value"> & { current: number | null }) {
  const { t } = useTranslation("collect");
  const stops = rangeStops(field.config);
  const stars = field.config.style === "rating";
  const chosenIndex = current === null ? -1 : stops.indexOf(current);
  return (
    <div role="radiogroup" {...groupAria(control)} className="flex flex-wrap gap-1">
      {stops.map((stop, index) => {
        const lit = stars ? index <= chosenIndex : index === chosenIndex;
        return (
          <label
            key={stop}
            className={cn(
              "flex min-h-12 min-w-12 cursor-pointer items-center justify-center rounded-md border px-2 text-base has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              !stars && lit ? "border-primary bg-primary text-primary-foreground" : "border-input",
            )}
          >
            <input
              type="radio"
              name={control.id}
              value={stop}
              checked={index === chosenIndex}
              onChange={() => onChange(String(stop))}
              className="sr-only"
              aria-label={stars ? t("questionTypes.star", { value: stop, max: stops.at(-1) }) : String(stop)}
            />
            {stars ? (
              <Star
                aria-hidden
                className={cn("size-6", lit ? "fill-amber-400 text-amber-500" : "text-muted-foreground")}
              />
            ) : (
              <span aria-hidden>{stop}</span>
            )}
          </label>
        );
      })}
    </div>
  );
}

/** A value on a scale from start to end in steps: a slider (value shown beside it), stars or likert points. */
export function RangeWidget({ field, value, onChange, control }: WidgetProps<"range">) {
  const { t } = useTranslation("collect");
  const current = typeof value === "string" ? parseNumberText(value) : null;
  const { start, end, step, style } = field.config;
  const clear =
    current === null ? null : (
      <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
        {t("questionTypes.rangeClear")}
      </Button>
    );
  if (style !== "slider")
    return (
      <div className="flex flex-wrap items-center gap-2">
        <StopRadios field={field} current={current} onChange={onChange} control={control} />
        {clear}
      </div>
    );
  const [min, max] = start <= end ? [start, end] : [end, start];
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        {...inputAria(control)}
        type="range"
        min={min}
        max={max}
        step={step}
        // Unanswered, the thumb rests at the start but the answer stays empty until the collector moves it.
        value={current ?? start}
        aria-valuetext={current === null ? t("questionTypes.rangeNone") : String(current)}
        onChange={(event) => onChange(event.target.value)}
        // A click on the resting thumb changes nothing, yet it chooses the start as the answer.
        onClick={(event) => (current === null ? onChange(event.currentTarget.value) : undefined)}
        className={cn("h-12 min-w-48 flex-1 accent-[var(--primary)]", current === null && "opacity-60")}
      />
      <output htmlFor={control.id} className="min-w-16 text-base font-medium tabular-nums">
        {current === null ? t("questionTypes.rangeNone") : t("questionTypes.rangeValue", { value: current })}
      </output>
      {clear}
    </div>
  );
}
