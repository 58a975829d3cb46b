import { gpsAnswerSchema } from "../fields/answer-validation.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import type { FormEvaluationOptions } from "../forms/evaluate-form.ts";
import { entityConditionHolds } from "./entity-condition.ts";
import {
  ENTITY_LABEL_MAX,
  ENTITY_VALUE_MAX,
  type EntityAction,
  type EntityPoint,
  type EntityValue,
  type EntityValues,
} from "./entity-schemas.ts";

/** The part of a form field the mapping needs: answers are keyed by id, the declaration names fields. */
type NamedField = Pick<FormLogicField, "id" | "name">;

/** What one record does to an entity, worked out the same way by the phone (offline picker) and the server (sync). */
export type EntityChange =
  | {
      kind: "create";
      listId: string;
      entityId: string;
      label: string;
      properties: EntityValues;
      geometry: EntityPoint | null;
    }
  | { kind: "update"; listId: string; entityId: string; properties: EntityValues };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An answer as a property value, written the way ODK writes the same answer into an entity: a choice list as its
 * values separated by spaces, a point as "latitude longitude". Media, geometries and groups are not saved.
 */
export function entityValueOf(answer: unknown): EntityValue {
  if (answer === undefined || answer === null || answer === "") return null;
  if (typeof answer === "number") return Number.isFinite(answer) ? answer : null;
  if (typeof answer === "string") return answer.slice(0, ENTITY_VALUE_MAX);
  if (typeof answer === "boolean") return answer ? "true" : "false";
  if (Array.isArray(answer) && answer.every((item) => typeof item === "string")) return answer.join(" ");
  const point = gpsAnswerSchema.safeParse(answer);
  if (point.success) return `${point.data.latitude} ${point.data.longitude}`;
  return null;
}

/** An entity value back as the answer of the question it prefills (numbers stay numbers, the rest text). */
export function answerOfEntityValue(value: EntityValue | undefined): unknown {
  return value === null || value === undefined ? undefined : value;
}

function answerByName(fields: readonly NamedField[], answers: Record<string, unknown>, name: string): unknown {
  const field = fields.find((candidate) => candidate.name === name);
  return field ? answers[field.id] : undefined;
}

function savedValues(
  action: EntityAction,
  fields: readonly NamedField[],
  answers: Record<string, unknown>,
): EntityValues {
  const values: EntityValues = {};
  for (const [property, fieldName] of Object.entries(action.saves)) {
    // A question left unanswered (or hidden) says nothing about the property: it keeps its value.
    const value = entityValueOf(answerByName(fields, answers, fieldName));
    if (value !== null) values[property] = value;
  }
  return values;
}

/**
 * The entity a record creates or updates under its form's action, or null when it does none (the action's condition
 * is false for it, an update form whose entity question was left empty, or that saves no property). A created entity
 * takes the record's id, so the device that made the record can offer it to a follow-up form before it syncs, and a
 * resent record can never create it twice. `options` are the record's evaluation options (its clock, the form's
 * tables) for the condition.
 */
export function entityChangeOf(
  action: EntityAction,
  fields: readonly FormLogicField[],
  record: { id: string; answers: Record<string, unknown>; location?: EntityPoint | null },
  options: FormEvaluationOptions = {},
): EntityChange | null {
  if (!entityConditionHolds(action.condition, fields, record.answers, options)) return null;
  const properties = savedValues(action, fields, record.answers);
  if (action.kind === "update") {
    // An update saving nothing only picks (ODK's follow-up form without an entities sheet): the visit is no version.
    if (Object.keys(action.saves).length === 0) return null;
    const picked = answerByName(fields, record.answers, action.entityField);
    if (typeof picked !== "string" || !UUID.test(picked)) return null;
    return { kind: "update", listId: action.listId, entityId: picked.toLowerCase(), properties };
  }
  const label = entityValueOf(answerByName(fields, record.answers, action.labelField));
  const placed = action.geometryField
    ? gpsAnswerSchema.safeParse(answerByName(fields, record.answers, action.geometryField))
    : undefined;
  const geometry = placed?.success ? placed.data : (record.location ?? null);
  return {
    kind: "create",
    listId: action.listId,
    entityId: record.id.toLowerCase(),
    label: (label === null ? record.id : String(label)).slice(0, ENTITY_LABEL_MAX),
    properties,
    geometry: geometry ? { latitude: geometry.latitude, longitude: geometry.longitude } : null,
  };
}
