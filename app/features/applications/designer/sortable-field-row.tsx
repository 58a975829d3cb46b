import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslation } from "react-i18next";
import { AlertCircle, ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import { cn } from "../../../lib/cn.ts";
import { FieldIcon } from "./field-icons.tsx";
import type { DesignerField } from "./designer-fields.ts";
import { isContainer } from "./field-nesting.ts";

/** The spec's sort animation (spec 000 §5). */
const SORT_TRANSITION = { duration: 200, easing: "ease" };

interface SortableFieldRowProps {
  field: DesignerField;
  index: number;
  /** Translated problems of the field (incomplete config, expression errors); any blocks saving. */
  issues: readonly string[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** For sections and repeats: how many fields they hold. */
  childCount: number;
  /** How many containers hold the field: the row is indented once per level. */
  depth: number;
  onOpen: () => void;
  onRemove: () => void;
  onMove: (direction: -1 | 1) => void;
}

export function SortableFieldRow({
  field,
  index,
  issues,
  canMoveUp,
  canMoveDown,
  childCount,
  depth,
  onOpen,
  onRemove,
  onMove,
}: SortableFieldRowProps) {
  const { t } = useTranslation(["designer", "fields", "designer-logic"]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    transition: SORT_TRANSITION,
  });
  const label = field.label.trim() || t("designer:fieldList.untitled");
  const incomplete = issues.length > 0;
  const container = isContainer(field);
  const nested = depth > 0;
  const iconButton =
    "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-30";

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, marginLeft: `${depth * 2}rem` }}
      data-depth={depth}
      data-field-id={field.id}
      data-field-name={field.name}
      data-parent-name={field.parentName ?? undefined}
      className={cn(
        "relative flex flex-wrap items-center gap-1 rounded-lg border bg-card p-1.5 shadow-xs",
        container && "border-primary/40 bg-accent/40",
        nested &&
          "before:absolute before:-left-5 before:top-0 before:h-full before:border-l-2 before:border-primary/30",
        isDragging && "z-10 border-primary shadow-lg ring-2 ring-primary/30",
        incomplete && "border-warning/70",
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={t("designer:fieldList.dragHandle", { label, position: index + 1 })}
        className={cn(iconButton, "cursor-grab touch-none active:cursor-grabbing")}
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md px-2 py-1.5 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        {/* The accessible name starts with the action and keeps the visible text (WCAG 2.5.3, label in name). */}
        <span className="sr-only">{`${t("designer:fieldList.configure")} `}</span>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <FieldIcon type={field.fieldType} className="size-4" />
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="flex items-center gap-1 truncate text-sm font-medium">
            <span className="truncate" data-field-label>
              {label}
            </span>
            {field.config.required ? (
              <span className="text-destructive" title={t("designer:fieldList.required")}>
                *<span className="sr-only">{t("designer:fieldList.required")}</span>
              </span>
            ) : null}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {t(`fields:types.${field.fieldType}`)} · <span className="font-mono">{field.name}</span>
            {container ? ` · ${t("designer-logic:list.childCount", { count: childCount })}` : null}
          </span>
          {issues.map((issue) => (
            <span key={issue} title={issue} className="truncate text-xs text-destructive" data-field-issue>
              {issue}
            </span>
          ))}
        </span>
        {incomplete ? (
          <span className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning-text">
            <AlertCircle className="size-3.5" aria-hidden />
            {t("designer:fieldList.incomplete")}
          </span>
        ) : null}
      </button>
      <button
        type="button"
        id={`move-up-${field.id}`}
        onClick={() => onMove(-1)}
        disabled={!canMoveUp}
        aria-label={t("designer:fieldList.moveUp", { label })}
        className={iconButton}
      >
        <ArrowUp className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        id={`move-down-${field.id}`}
        onClick={() => onMove(1)}
        disabled={!canMoveDown}
        aria-label={t("designer:fieldList.moveDown", { label })}
        className={iconButton}
      >
        <ArrowDown className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t("designer:fieldList.remove", { label })}
        className={cn(iconButton, "hover:bg-destructive/10 hover:text-destructive")}
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
      {container && childCount === 0 ? (
        <p className="basis-full rounded-md border border-dashed px-3 py-2 text-center text-xs text-muted-foreground">
          {t("designer-logic:list.emptyContainer")}
        </p>
      ) : null}
    </li>
  );
}
