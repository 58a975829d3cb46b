import { memo, useId, useMemo } from "react";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import type { FormNode } from "../logic/form-structure.ts";
import type { CollectField, FormValue, FormValues, RepeatEntry } from "../logic/form-values.ts";
import type { FormView } from "../logic/form-view.ts";
import { FieldWidget } from "./field-widget.tsx";
import { CalculationBlock, ContainerHeader, NoteBlock } from "./read-only-blocks.tsx";
import { RepeatGroup } from "./repeat-group.tsx";
import { useProgressiveRuns } from "./use-progressive-runs.ts";

/** What every block of the form needs from the form: values, live logic, errors and the change handlers. */
export interface FormBindings {
  values: FormValues;
  view: FormView;
  /** The translated error shown at an answer path, if any. */
  errorText: (path: string) => string | undefined;
  onChange: (path: string, value: FormValue) => void;
  onCheck: (path: string, error: FieldError | null) => void;
  /** Replaces the entries of the repeat at this answer path (add, remove, move). */
  onEntries: (repeatPath: string, update: (entries: RepeatEntry[]) => RepeatEntry[]) => void;
  /** A new entry of the repeat at this answer path, with its fields' default values. */
  newEntry: (repeatPath: string) => RepeatEntry;
}

/**
 * Where a run of blocks sits: the record's top level, or one repeat entry (at any depth). Its fields' answer paths
 * start with `prefix`, their values are in `values`, and `trail` names the entries around it for headings.
 */
export interface FormLevel {
  prefix: string;
  values: FormValues;
  trail: string | null;
}

export function topLevel(values: FormValues): FormLevel {
  return { prefix: "", values, trail: null };
}

interface FieldBlockProps {
  field: CollectField;
  path: string;
  value: FormValue | undefined;
  bindings: FormBindings;
  /** Inside a repeat entry's card. */
  nested?: boolean;
}

/** A choice field showing only the options its choice filter offers now. */
function withOptions(field: CollectField, options: readonly string[]): CollectField {
  if (field.fieldType !== "single_choice" && field.fieldType !== "multiple_choice" && field.fieldType !== "rank")
    return field;
  return { ...field, config: { ...field.config, options: [...options] } };
}

/** One field at an answer path: a note, a calculation or an input widget; nothing when the logic hides it. */
export function FieldBlock({ field, path, value, bindings, nested = false }: FieldBlockProps) {
  // Hidden values and metadata hold answers the collector never sees (defaults, the form's own records).
  if (!bindings.view.isVisible(path) || field.fieldType === "hidden" || field.fieldType === "metadata") return null;
  if (field.fieldType === "note") return <NoteBlock field={field} path={path} />;
  if (field.fieldType === "calculation")
    return <CalculationBlock field={field} path={path} value={bindings.view.calculation(path)} />;
  const offered = bindings.view.offeredOptions(path);
  return (
    <FieldWidget
      field={offered === undefined ? field : withOptions(field, offered)}
      path={path}
      nested={nested}
      required={bindings.view.isRequired(path)}
      value={value}
      error={bindings.errorText(path)}
      onChange={bindings.onChange}
      onCheck={bindings.onCheck}
    />
  );
}

interface BlocksProps {
  nodes: readonly FormNode[];
  bindings: FormBindings;
  /** The top level when absent. */
  level?: FormLevel;
  /** Inside a repeat entry's card. */
  nested?: boolean;
}

function SectionBlock({
  node,
  bindings,
  level,
  nested,
}: {
  node: Extract<FormNode, { kind: "section" }>;
  bindings: FormBindings;
  level: FormLevel;
  nested: boolean;
}) {
  const headingId = `section-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const { field, children } = node;
  return (
    <section
      aria-labelledby={headingId}
      data-field-id={`${level.prefix}${field.id}`}
      className="flex flex-col gap-4 rounded-xl border border-border/70 bg-muted/30 p-3 sm:p-4"
    >
      <ContainerHeader field={field} headingId={headingId} />
      <FormNodes nodes={children} bindings={bindings} level={level} nested={nested} />
    </section>
  );
}

/** The blocks of the form, of one page or of one repeat entry, in order: fields, sections, repeat groups. */
export function FormNodes({ nodes, bindings, level, nested = false }: BlocksProps) {
  const values = bindings.values;
  const resolved = useMemo(() => level ?? topLevel(values), [level, values]);
  return useProgressiveRuns(nodes).map((run, index) => (
    <NodeRun key={index} nodes={run} bindings={bindings} level={resolved} nested={nested} />
  ));
}

/** A run of blocks (use-progressive-runs.ts), drawn again only when the answers or the logic change. */
const NodeRun = memo(function NodeRun({ nodes, bindings, level, nested }: Required<BlocksProps>) {
  return nodes.map((node) => {
    const path = `${level.prefix}${node.field.id}`;
    if (!bindings.view.isVisible(path)) return null;
    switch (node.kind) {
      case "field":
        return (
          <FieldBlock
            key={node.field.id}
            field={node.field}
            path={path}
            value={level.values[node.field.id]}
            bindings={bindings}
            nested={nested}
          />
        );
      case "section":
        return <SectionBlock key={node.field.id} node={node} bindings={bindings} level={level} nested={nested} />;
      case "repeat":
        return <RepeatGroup key={node.field.id} node={node} bindings={bindings} level={level} />;
    }
  });
});
