import { isQuestion } from "../../../../shared/fields/field-types.ts";
import { isSelfFilled } from "../../../../shared/fields/question-types.ts";
import type { FormTables } from "../../../../shared/expressions/index.ts";
import type { CollectField } from "./form-values.ts";

export type SectionField = Extract<CollectField, { fieldType: "section" }>;
export type RepeatField = Extract<CollectField, { fieldType: "repeat" }>;

/** One top-level block of the form: a field, a titled section or a repeat group with its children in position order. */
export type FormNode =
  | { kind: "field"; field: CollectField }
  | { kind: "section"; field: SectionField; children: CollectField[] }
  | { kind: "repeat"; field: RepeatField; children: CollectField[] };

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

/**
 * The form's tree: containers hold the fields naming them in `parentName` (one level, contract of issue 11). A
 * field naming a parent the form does not have is shown at the top level rather than lost.
 */
export function buildFormTree(fields: readonly CollectField[]): FormNode[] {
  const containers = new Map<string, CollectField>();
  for (const field of fields) {
    if ((field.fieldType === "section" || field.fieldType === "repeat") && field.parentName === null)
      containers.set(nameKey(field.name), field);
  }
  const children = new Map<string, CollectField[]>();
  const nodes: FormNode[] = [];
  for (const field of fields) {
    const parent = field.parentName === null ? undefined : containers.get(nameKey(field.parentName));
    if (parent && parent !== field) {
      const list = children.get(parent.id) ?? [];
      list.push(field);
      children.set(parent.id, list);
      continue;
    }
    if (field.fieldType === "section") nodes.push({ kind: "section", field, children: [] });
    else if (field.fieldType === "repeat") nodes.push({ kind: "repeat", field, children: [] });
    else nodes.push({ kind: "field", field });
  }
  return nodes.map((node) => (node.kind === "field" ? node : { ...node, children: children.get(node.field.id) ?? [] }));
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
  /** Fields answered at the top level of a record's answers: top-level fields and the children of sections. */
  answered: CollectField[];
  /** The children of every repeat group, by the repeat's id: their answers live inside the repeat's entries. */
  repeats: Map<string, CollectField[]>;
  /** The form version's attached tables (choice lists from files, `pulldata()`); none when absent. */
  tables?: FormTables;
}

/** Fields whose value the record stores as typed or filled on the phone (calculations are computed by the logic). */
function isStoredAnswer(field: CollectField): boolean {
  return isQuestion(field.fieldType) || isSelfFilled(field.fieldType);
}

export function formShape(fields: readonly CollectField[], tables?: FormTables): FormShape {
  const nodes = buildFormTree(fields);
  const answered = nodes
    .flatMap((node) => (node.kind === "field" ? [node.field] : node.kind === "section" ? node.children : []))
    .filter(isStoredAnswer);
  const repeats = new Map(
    nodes.flatMap((node) =>
      node.kind === "repeat" ? [[node.field.id, node.children.filter(isStoredAnswer)] as const] : [],
    ),
  );
  return { fields, nodes, answered, repeats, ...(tables === undefined ? {} : { tables }) };
}

/** The fields of a page, containers and their children included, in form order. */
export function pageFields(page: FormPage): CollectField[] {
  return page.nodes.flatMap((node) => (node.kind === "field" ? [node.field] : [node.field, ...node.children]));
}
