import type { EntityAction } from "../../../../shared/entities/entity-schemas.ts";

/** The entity setup panel's form state, and the action it saves. */
export interface Draft {
  kind: EntityAction["kind"];
  listId: string;
  labelField: string;
  /** "" places the entity at the record's own location. */
  geometryField: string;
  entityField: string;
  /** Property → question; "" saves nothing to it. */
  saves: Record<string, string>;
  /**
   * The saved action's condition (XLSForm's create_if / update_if): this panel does not edit it, but saving the
   * mappings keeps it while the kind it was written for stays chosen.
   */
  condition: { kind: EntityAction["kind"]; text: string } | null;
}

export function draftOf(action: EntityAction | null): Draft {
  return {
    kind: action?.kind ?? "create",
    listId: action?.listId ?? "",
    labelField: action?.kind === "create" ? action.labelField : "",
    geometryField: action?.kind === "create" ? (action.geometryField ?? "") : "",
    entityField: action?.kind === "update" ? action.entityField : "",
    saves: { ...action?.saves },
    condition: action?.condition ? { kind: action.kind, text: action.condition } : null,
  };
}

/** What the server receives: only the chosen mappings, and the fields of the chosen kind. */
export function actionOf(draft: Draft): EntityAction {
  const saves = Object.fromEntries(Object.entries(draft.saves).filter(([, field]) => field !== ""));
  const condition = draft.condition?.kind === draft.kind ? { condition: draft.condition.text } : {};
  if (draft.kind === "update") {
    return { kind: "update", listId: draft.listId, entityField: draft.entityField, saves, ...condition };
  }
  return {
    kind: "create",
    listId: draft.listId,
    labelField: draft.labelField,
    ...(draft.geometryField ? { geometryField: draft.geometryField } : {}),
    saves,
    ...condition,
  };
}
