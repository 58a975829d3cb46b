import { useState, type DragEvent, type KeyboardEvent } from "react";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { groupAria, type WidgetProps } from "./widget-props.ts";

/** The list moved: the item at `from` now sits at `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > items.length - 1) return [...items];
  next.splice(to, 0, moved);
  return next;
}

/** The order shown: the answer's (options no longer offered drop out, new ones join at the end) or the list's. */
function orderOf(options: readonly string[], value: unknown): string[] {
  const ranked = Array.isArray(value) ? value.filter((item): item is string => options.includes(item)) : [];
  return [...ranked, ...options.filter((option) => !ranked.includes(option))];
}

/**
 * ODK's rank: the collector orders the whole list; the answer is the options first to last. Unanswered until the
 * collector starts ordering (the list's own order may be the answer, then one press accepts it). Items move by
 * dragging, by their buttons, or with Alt+↑/↓ on the focused item; each move is announced.
 */
export function RankWidget({ field, value, onChange, control }: WidgetProps<"rank">) {
  const { t } = useTranslation("collect");
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const order = orderOf(field.config.options, value);
  const answered = Array.isArray(value) && value.length > 0;

  const move = (from: number, to: number) => {
    const next = moveItem(order, from, to);
    onChange(next);
    const option = order[from] ?? "";
    setAnnouncement(t("questionTypes.rankMoved", { option, position: next.indexOf(option) + 1, count: next.length }));
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    move(index, event.key === "ArrowUp" ? index - 1 : index + 1);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">{t("questionTypes.rankHint")}</p>
      <ol className="flex flex-col gap-2">
        {order.map((option, index) => (
          <li
            key={option}
            draggable
            tabIndex={0}
            onKeyDown={(event) => onKey(event, index)}
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            className="flex min-h-12 items-center gap-2 rounded-md border border-input bg-background px-2 text-base focus-visible:outline-2 focus-visible:outline-ring"
          >
            <GripVertical className="size-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden />
            <span className="w-6 shrink-0 text-right font-medium tabular-nums" aria-hidden>
              {answered ? index + 1 : ""}
            </span>
            <span className="min-w-0 flex-1 break-words">{option}</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={index === 0}
              aria-label={t("questionTypes.rankUp", { option })}
              onClick={() => move(index, index - 1)}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={index === order.length - 1}
              aria-label={t("questionTypes.rankDown", { option })}
              onClick={() => move(index, index + 1)}
            >
              <ArrowDown aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex gap-2">
        {answered ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            {t("questionTypes.rankClear")}
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(order)}>
            {t("questionTypes.rankStart")}
          </Button>
        )}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
