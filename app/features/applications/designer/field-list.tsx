import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { LayoutList } from "lucide-react";
import type { DesignerField } from "./designer-fields.ts";
import { childrenOf, depthOf, moveByStep } from "./field-nesting.ts";
import { SortableFieldRow } from "./sortable-field-row.tsx";

interface FieldListProps {
  fields: DesignerField[];
  /** The problems of each field that still has some (they block saving). */
  issues: ReadonlyMap<string, readonly string[]>;
  onOpen: (field: DesignerField) => void;
  onRemove: (field: DesignerField, index: number) => void;
  onStep: (id: string, direction: -1 | 1) => void;
  onDrop: (activeId: string, overId: string) => void;
}

/** Whether an arrow button would change anything (entering or leaving a container counts as a move). */
function canStep(fields: readonly DesignerField[], id: string, direction: -1 | 1): boolean {
  const moved = moveByStep(fields, id, direction);
  return moved.some((field, index) => field !== fields[index]);
}

/** Focus follows a field moved with the arrow buttons; the pressed button may be disabled now (top/bottom). */
function refocusMoved(id: string, direction: -1 | 1) {
  requestAnimationFrame(() => {
    const same = document.getElementById(`move-${direction < 0 ? "up" : "down"}-${id}`);
    const other = document.getElementById(`move-${direction < 0 ? "down" : "up"}-${id}`);
    (same instanceof HTMLButtonElement && !same.disabled ? same : other)?.focus();
  });
}

/**
 * The designed fields, sortable by drag handle (spec 000 §5 activation rules: mouse after 5 px, touch after a
 * 250 ms hold within 5 px, keyboard) and by the move buttons, so keyboard and screen-reader users never need to drag.
 */
export function FieldList({ fields, issues, onOpen, onRemove, onStep, onDrop }: FieldListProps) {
  const { t } = useTranslation(["designer", "designer-logic"]);
  const [moveAnnouncement, setMoveAnnouncement] = useState("");
  // dnd-kit reports the lifted item over itself right after the start; announcing that would drown the start message.
  const lastOverId = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const indexOf = (id: UniqueIdentifier) => fields.findIndex((field) => field.id === id);
  const labelOf = (id: UniqueIdentifier) => {
    const field = fields[indexOf(id)];
    return field?.label.trim() || t("fieldList.untitled");
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOverId.current = active.id;
      return t("fieldList.announce.start", {
        label: labelOf(active.id),
        position: indexOf(active.id) + 1,
        total: fields.length,
      });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOverId.current) return undefined;
      lastOverId.current = over.id;
      return t("fieldList.announce.over", {
        label: labelOf(active.id),
        position: indexOf(over.id) + 1,
        total: fields.length,
      });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t("fieldList.announce.end", {
            label: labelOf(active.id),
            position: indexOf(over.id) + 1,
            total: fields.length,
          })
        : undefined,
    onDragCancel: ({ active }) => t("fieldList.announce.cancel", { label: labelOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onDrop(String(active.id), String(over.id));
  };

  const moveBy = (field: DesignerField, direction: -1 | 1) => {
    const moved = moveByStep(fields, field.id, direction);
    const position = moved.findIndex((candidate) => candidate.id === field.id);
    const parentName = moved[position]?.parentName ?? null;
    const container = fields.find((candidate) => candidate.name === parentName);
    onStep(field.id, direction);
    const label = field.label.trim() || t("fieldList.untitled");
    setMoveAnnouncement(
      container
        ? t("designer-logic:announce.endInside", {
            label,
            position: position + 1,
            total: fields.length,
            container: container.label,
          })
        : t("fieldList.announce.end", { label, position: position + 1, total: fields.length }),
    );
    refocusMoved(field.id, direction);
  };

  if (fields.length === 0) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed p-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <LayoutList className="size-6" aria-hidden />
        </span>
        <p className="font-medium">{t("fieldList.emptyTitle")}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t("fieldList.emptyMessage")}</p>
      </div>
    );
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("fieldList.announce.instructions") } }}
      >
        <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
          <ol aria-label={t("fieldList.title")} className="flex flex-col gap-2">
            {fields.map((field, index) => (
              <SortableFieldRow
                key={field.id}
                field={field}
                index={index}
                issues={issues.get(field.id) ?? []}
                canMoveUp={canStep(fields, field.id, -1)}
                canMoveDown={canStep(fields, field.id, 1)}
                childCount={childrenOf(fields, field).length}
                depth={depthOf(fields, field)}
                onOpen={() => onOpen(field)}
                onRemove={() => onRemove(field, index)}
                onMove={(direction) => moveBy(field, direction)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div aria-live="polite" className="sr-only">
        {moveAnnouncement}
      </div>
    </>
  );
}
