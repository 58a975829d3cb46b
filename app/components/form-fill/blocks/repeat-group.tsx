import { useEffect, useId, useRef, useState } from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import type { FormNode } from "../logic/form-structure.ts";
import { isRepeatEntries, type RepeatEntry } from "../logic/form-values.ts";
import { FormNodes, type FormBindings, type FormLevel } from "./form-nodes.tsx";
import { ContainerHeader } from "./read-only-blocks.tsx";

/** The first control of the entry's fields (the entry's own move/remove buttons come before them). */
const FIRST_CONTROL = ["input", "textarea", "select", "button"]
  .map((tag) => `:scope [data-field-id] ${tag}`)
  .join(", ");

function moved(entries: RepeatEntry[], from: number, to: number): RepeatEntry[] {
  const next = [...entries];
  const [entry] = next.splice(from, 1);
  if (entry) next.splice(to, 0, entry);
  return next;
}

interface RepeatGroupProps {
  node: Extract<FormNode, { kind: "repeat" }>;
  bindings: FormBindings;
  /** The level holding the repeat: the record's top level or an entry of an outer repeat. */
  level: FormLevel;
}

/** A block answered 0..N times: one card per entry, add / remove (confirmed) / move up / move down, min/max count. */
export function RepeatGroup({ node, bindings, level }: RepeatGroupProps) {
  const { t } = useTranslation("collect");
  const { field, children } = node;
  const headingId = `repeat-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const repeatPath = `${level.prefix}${field.id}`;
  const stored = level.values[field.id];
  const entries = isRepeatEntries(stored) ? stored : [];
  const { minCount, maxCount } = field.config;
  // With a repeat_count the form decides how many entries there are (use-form-fill keeps them in step).
  const counted = field.config.repeatCount !== undefined;
  const full = counted || (maxCount !== undefined && entries.length >= maxCount);
  /** "Entrada 2" at the top level; "Morador 2 › Visita 1" inside another entry, so every heading says where it is. */
  const entryName = (number: number) =>
    level.trail === null
      ? t("repeat.entry", { number })
      : t("repeat.nestedEntry", { trail: level.trail, label: field.label, number });
  const trailOf = (number: number) => (level.trail === null ? `${field.label} ${number}` : entryName(number));
  const error = bindings.errorText(repeatPath);
  const [removing, setRemoving] = useState<number | null>(null);
  const focusKey = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // The new entry's first input takes focus, so a collector on a phone keeps typing where the block appeared.
  useEffect(() => {
    if (focusKey.current === null) return;
    const card = listRef.current?.querySelector<HTMLElement>(`[data-entry-key="${CSS.escape(focusKey.current)}"]`);
    if (!card) return;
    focusKey.current = null;
    card.scrollIntoView({ behavior: "smooth", block: "start" });
    (card.querySelector<HTMLElement>(FIRST_CONTROL) ?? card).focus({ preventScroll: true });
  });

  const add = () => {
    const entry = bindings.newEntry(repeatPath);
    bindings.onEntries(repeatPath, (current) => [...current, entry]);
    focusKey.current = entry.key;
  };

  const countHint =
    minCount !== undefined && maxCount !== undefined
      ? t("repeat.countRange", { min: minCount, max: maxCount })
      : minCount !== undefined
        ? t("repeat.countMin", { count: minCount })
        : maxCount !== undefined
          ? t("repeat.countMax", { count: maxCount })
          : null;

  return (
    <section
      aria-labelledby={headingId}
      data-field-id={repeatPath}
      data-invalid={error ? "true" : undefined}
      className={cn(
        "scroll-mt-24 flex flex-col gap-3 rounded-xl border bg-muted/30 p-3 sm:p-4",
        error ? "border-destructive/60 ring-1 ring-destructive/30" : "border-border/70",
      )}
    >
      <ContainerHeader field={field} headingId={headingId}>
        <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
          {t("repeat.count", { count: entries.length })}
          {countHint ? ` · ${countHint}` : null}
        </p>
      </ContainerHeader>
      {entries.length > 0 ? (
        <ol ref={listRef} className="flex flex-col gap-3">
          {entries.map((entry, index) => {
            const number = index + 1;
            const name = entryName(number);
            const nested = level.trail !== null;
            return (
              <li
                key={entry.key}
                data-entry-key={entry.key}
                tabIndex={-1}
                aria-label={name}
                className="flex flex-col gap-3 rounded-lg border border-border bg-background p-3 shadow-sm outline-none"
              >
                <div className="flex items-center gap-1">
                  <h3 className="mr-auto text-base font-semibold">{name}</h3>
                  {counted ? null : (
                    <>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-11"
                        disabled={index === 0}
                        aria-label={nested ? t("repeat.moveUpIn", { entry: name }) : t("repeat.moveUp", { number })}
                        onClick={() => bindings.onEntries(repeatPath, (current) => moved(current, index, index - 1))}
                      >
                        <ArrowUp aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-11"
                        disabled={index === entries.length - 1}
                        aria-label={nested ? t("repeat.moveDownIn", { entry: name }) : t("repeat.moveDown", { number })}
                        onClick={() => bindings.onEntries(repeatPath, (current) => moved(current, index, index + 1))}
                      >
                        <ArrowDown aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-11 text-destructive hover:text-destructive"
                        aria-label={nested ? t("repeat.removeIn", { entry: name }) : t("repeat.remove", { number })}
                        onClick={() => setRemoving(index)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </>
                  )}
                </div>
                <FormNodes
                  nodes={children}
                  bindings={bindings}
                  level={{ prefix: `${repeatPath}.${index}.`, values: entry.values, trail: trailOf(number) }}
                  nested
                />
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
          {t("repeat.empty")}
        </p>
      )}
      {counted ? (
        <p className="text-sm text-muted-foreground">{t("repeat.followsCount")}</p>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="lg"
          onClick={add}
          disabled={full}
          aria-label={level.trail === null ? undefined : t("repeat.addIn", { label: field.label, entry: level.trail })}
        >
          <Plus aria-hidden />
          {t("repeat.add")}
        </Button>
      )}
      {full && !counted ? (
        <p className="text-sm text-muted-foreground">{t("repeat.full", { count: maxCount })}</p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <ConfirmActionDialog
        open={removing !== null}
        title={t("repeat.removeTitle", { number: (removing ?? 0) + 1 })}
        description={t("repeat.removeDescription")}
        confirmLabel={t("repeat.removeConfirm")}
        busyLabel={t("repeat.removeConfirm")}
        busy={false}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const index = removing;
          setRemoving(null);
          if (index !== null) bindings.onEntries(repeatPath, (current) => current.filter((_, at) => at !== index));
        }}
      />
    </section>
  );
}
