import { isQuestion } from "../../../../shared/fields/field-types.ts";
import { isSelfFilled } from "../../../../shared/fields/question-types.ts";
import { holdsPhoneValue } from "../../../../shared/fields/held-calculations.ts";
import type { FormTables } from "../../../../shared/expressions/index.ts";
import type { CollectField } from "./form-values.ts";

export type SectionField = Extract<CollectField, { fieldType: "section" }>;
export type RepeatField = Extract<CollectField, { fieldType: "repeat" }>;

/** One block of the form: a field, a titled section or a repeat group, holding its own blocks in position order. */
export type FormNode =
  | { kind: "field"; field: CollectField }
  | { kind: "section"; field: SectionField; children: FormNode[] }
  | { kind: "repeat"; field: RepeatField; children: FormNode[] };

/** A page of the form when sections are collected one per page. */
export interface FormPage {
  nodes: FormNode[];
  /** The section that makes the page; null for a run of top-level fields between sections. */
  section: SectionField | null;
}

/** Names compare case-insensitively, as the form's rules make them unique. */
function nameKey(name: string): string {
  return name.toLowerCase();
}

/** Whether following parents up from `field` comes back to it (hand-made data; the designer refuses it). */
function loops(field: CollectField, containers: ReadonlyMap<string, CollectField>): boolean {
  const seen = new Set<CollectField>();
  for (let at: CollectField | undefined = field; at;) {
    if (seen.has(at)) return true;
    seen.add(at);
    at = at.parentName === null ? undefined : containers.get(nameKey(at.parentName));
  }
  return false;
}

/**
 * The form's tree: containers hold the fields naming them in `parentName`, at any depth. A field naming a parent
 * the form does not have (or a parent loop) is shown at the top level rather than lost.
 */
export function buildFormTree(fields: readonly CollectField[]): FormNode[] {
  const containers = new Map<string, CollectField>();
  for (const field of fields)
    if (field.fieldType === "section" || field.fieldType === "repeat") containers.set(nameKey(field.name), field);
  const nodes = new Map<CollectField, FormNode>();
  for (const field of fields) {
    if (field.fieldType === "section" || field.fieldType === "repeat")
      nodes.set(field, { kind: field.fieldType, field, children: [] } as FormNode);
    else nodes.set(field, { kind: "field", field });
  }
  const roots: FormNode[] = [];
  for (const field of fields) {
    const node = nodes.get(field);
    if (!node) continue;
    const parent = field.parentName === null ? undefined : containers.get(nameKey(field.parentName));
    const holder = parent && parent !== field && !loops(field, containers) ? nodes.get(parent) : undefined;
    if (holder && holder.kind !== "field") holder.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Each section is a page; the top-level fields and repeats between sections form a page of their own, in order. */
export function formPages(nodes: readonly FormNode[]): FormPage[] {
  const pages: FormPage[] = [];
  let run: FormNode[] = [];
  const closeRun = () => {
    if (run.length > 0) pages.push({ nodes: run, section: null });
    run = [];
  };
  for (const node of nodes) {
    if (node.kind === "section") {
      closeRun();
      pages.push({ nodes: [node], section: node.field });
    } else run.push(node);
  }
  closeRun();
  return pages;
}

/** The form's fields arranged once (per form, not per keystroke) for rendering and for building answers. */
export interface FormShape {
  fields: readonly CollectField[];
  nodes: FormNode[];
  /** Fields answered at the top level of a record's answers: top-level fields and those of sections (any depth). */
  answered: CollectField[];
  /** The questions answered in each entry of every repeat, by the repeat's id (sections inside seen through). */
  repeats: Map<string, CollectField[]>;
  /** The form version's attached tables (choice lists from files, `pulldata()`); none when absent. */
  tables?: FormTables;
  /** The repeats whose entries each level holds: the record's top level (key null) and each repeat's entries. */
  innerRepeats: Map<string | null, RepeatField[]>;
}

/**
 * Fields whose value the record stores as typed or filled on the phone (calculations are computed by the logic,
 * but for those their trigger sets or the phone computes on saving).
 */
function isStoredAnswer(field: CollectField): boolean {
  return isQuestion(field.fieldType) || isSelfFilled(field.fieldType) || holdsPhoneValue(field);
}

export function formShape(fields: readonly CollectField[], tables?: FormTables): FormShape {
  const nodes = buildFormTree(fields);
  const repeats = new Map<string, CollectField[]>();
  const innerRepeats = new Map<string | null, RepeatField[]>();
  const collect = (level: readonly FormNode[], into: CollectField[], holder: string | null) => {
    for (const node of level) {
      if (node.kind === "field") {
        if (isStoredAnswer(node.field)) into.push(node.field);
      } else if (node.kind === "section") collect(node.children, into, holder);
      else {
        innerRepeats.set(holder, [...(innerRepeats.get(holder) ?? []), node.field]);
        const own: CollectField[] = [];
        repeats.set(node.field.id, own);
        collect(node.children, own, node.field.id);
      }
    }
  };
  const answered: CollectField[] = [];
  collect(nodes, answered, null);
  return { fields, nodes, answered, repeats, innerRepeats, ...(tables === undefined ? {} : { tables }) };
}

/** The fields of some blocks, containers and everything inside them included, in form order. */
export function nodeFields(nodes: readonly FormNode[]): CollectField[] {
  return nodes.flatMap((node) => (node.kind === "field" ? [node.field] : [node.field, ...nodeFields(node.children)]));
}

/** The fields of a page, containers and their children included, in form order. */
export function pageFields(page: FormPage): CollectField[] {
  return nodeFields(page.nodes);
}
