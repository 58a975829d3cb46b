/**
 * The OData entity model of an application: the records entity type (the record's own facts, then one property per
 * field answered at the top level) and one entity type per repeat at any depth (its entries, keyed by record and
 * place; an inner repeat's entries also name their parent entry by `__parentId`), as ODK Central models repeats:
 * one table per repeat, joined by keys, the parent type naming its child sets by navigation properties. Values
 * come from the export's `exportValue`, so an answer reads in the feed as in the CSV, but typed: numbers as
 * Edm.Decimal, yes/no as Edm.Boolean, dates as Edm.Date, instants as Edm.DateTimeOffset, locations as
 * Edm.GeographyPoint (GeoJSON, as ODK Central writes them). Each property that `$filter` and `$orderby` can read
 * names its `source` in the database.
 */
import type { AnswerRead, RecordExpression } from "../../db/queries/record-expression.ts";
import type { ExportRow } from "../../db/queries/records.ts";
import { isoFromTimestampText } from "../../db/timestamp-text.ts";
import { translate } from "../../lib/translate.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { ODATA_RECORDS_SET } from "../../../shared/integrations/odata.ts";
import {
  exportValue,
  gpsValueOf,
  type ExportContext,
  type RecordField,
} from "../../../shared/records/answer-format.ts";
import { REVIEW_STATES } from "../../../shared/records/review-states.ts";
import { recordLayout, repeatLevels } from "../../../shared/records/record-layout.ts";
import { isValidDateTime } from "../../../shared/fields/question-types.ts";
import { columnText } from "../exports/export-columns.ts";
import type { RepeatRow } from "../exports/repeat-tables.ts";

export type EdmType =
  | "Edm.String"
  | "Edm.Decimal"
  | "Edm.Double"
  | "Edm.Int32"
  | "Edm.Boolean"
  | "Edm.Date"
  | "Edm.DateTimeOffset"
  | "Edm.GeographyPoint";

/** A location as OData's JSON format writes geography (GeoJSON), with the accuracy as ODK Central adds it. */
export interface GeoJsonPoint {
  type: "Point";
  coordinates: number[];
  properties: { accuracy: number | null };
}

/**
 * A property's JSON value: Edm.Decimal and Edm.Double as numbers (IEEE754Compatible=false), Edm.GeographyPoint as
 * GeoJSON, the rest as text.
 */
export type ODataValue = string | number | boolean | GeoJsonPoint | null;

export interface ODataProperty<Row> {
  name: string;
  type: EdmType;
  /** The field's label, for readers of $metadata (Core.Description). */
  label?: string;
  nullable: boolean;
  value(row: Row): ODataValue;
  /** What `$filter` and `$orderby` read for it (absent: they refuse it). */
  source?: Extract<RecordExpression, { kind: "column" | "answer" }>;
  /** The stored value of a shown one that `eq`/`ne` compare with (a translated state, an e-mail in any case). */
  storedValue?(shown: string): string;
  /** Only `eq`/`ne` with a literal can be read back from the database (a property written translated). */
  equalityOnly?: boolean;
}

export interface EntitySet<Row> {
  name: string;
  typeName: string;
  properties: ODataProperty<Row>[];
}

export interface RepeatSet extends EntitySet<RepeatRow> {
  /** The repeats from the top level down to this one (the feed reads the first one's answer and walks down). */
  chain: RecordField[];
  /** The set holding the parent entries: the records set for a top-level repeat. */
  parentSet: string;
}

export interface ODataModel {
  records: EntitySet<ExportRow>;
  repeats: RepeatSet[];
  /** The fields whose answers a record row carries, in `ExportRow.answers` order. */
  answeredIds: string[];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function edmTypeOf({ fieldType, config }: RecordField): EdmType {
  if (fieldType === "number" || fieldType === "range") return "Edm.Decimal";
  if (fieldType === "datetime") return "Edm.DateTimeOffset";
  if (fieldType === "metadata" && (config.kind === "start" || config.kind === "end")) return "Edm.DateTimeOffset";
  if (fieldType === "metadata" && config.kind === "today") return "Edm.Date";
  if (fieldType === "repeat") return "Edm.Int32";
  if (fieldType === "yes_no") return "Edm.Boolean";
  if (fieldType === "date") return "Edm.Date";
  if (fieldType === "gps") return "Edm.GeographyPoint";
  return "Edm.String";
}

const READS: Partial<Record<EdmType, AnswerRead>> = {
  "Edm.Decimal": "number",
  "Edm.Boolean": "boolean",
  "Edm.Date": "date",
  "Edm.DateTimeOffset": "instant",
  "Edm.Int32": "entries",
};

/** Text answers the database cannot write as the feed does (links, WKT): not filterable. */
const UNREADABLE = new Set(["photo", "signature", "audio", "video", "file", "line", "area"]);

/** How the database reads an answer as its property shows it, or undefined when it cannot. */
function answerRead(field: RecordField, type: EdmType): AnswerRead | undefined {
  if (type !== "Edm.String") return READS[type];
  if (UNREADABLE.has(field.fieldType)) return undefined;
  if (field.fieldType === "multiple_choice" || field.fieldType === "rank") return "choices";
  if (field.fieldType === "calculation" || field.fieldType === "hidden") return "scalar";
  return "string";
}

/** ODK Central's shape: [longitude, latitude] (Campo records no altitude), the accuracy beside. */
function geoPoint(answer: unknown): GeoJsonPoint | null {
  const gps = gpsValueOf(answer);
  if (!gps) return null;
  return {
    type: "Point",
    coordinates: [gps.longitude, gps.latitude],
    properties: { accuracy: gps.accuracy ?? null },
  };
}

/** An answer as its property's type wants it; an answer that does not fit the type (bad stored data) reads null. */
function typedAnswer(field: RecordField, type: EdmType, answer: unknown, context: ExportContext): ODataValue {
  switch (type) {
    case "Edm.Decimal":
      return typeof answer === "number" ? answer : null;
    case "Edm.Boolean":
      return typeof answer === "boolean" ? answer : null;
    case "Edm.Date":
      return typeof answer === "string" && DATE_ONLY.test(answer) ? answer : null;
    case "Edm.DateTimeOffset":
      return typeof answer === "string" && isValidDateTime(answer) ? answer : null;
    case "Edm.GeographyPoint":
      return geoPoint(answer);
    default: {
      const value = exportValue(field, answer, context);
      if (value === null || typeof value === "string" || typeof value === "number") {
        return type === "Edm.String" && typeof value === "number" ? String(value) : value;
      }
      return columnText(value);
    }
  }
}

/** Names are unique within a type: a later duplicate (a removed field sharing a live one's name) gets "_2", "_3"… */
function uniqueNames(names: string[], taken: Iterable<string>): string[] {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${name}_${n}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

function answerProperties<Row>(
  fields: RecordField[],
  answerOf: (row: Row, index: number, field: RecordField) => unknown,
  reserved: string[],
  context: ExportContext,
  /** Whether the database can read these answers for $filter/$orderby (a repeat's entries: not yet). */
  queryable: boolean,
): ODataProperty<Row>[] {
  const names = uniqueNames(
    fields.map((field) => field.name),
    reserved,
  );
  return fields.map((field, index) => {
    const type = edmTypeOf(field);
    const read = queryable ? answerRead(field, type) : undefined;
    return {
      name: names[index] ?? field.name,
      type,
      label: field.label,
      nullable: true,
      value: (row: Row) => typedAnswer(field, type, answerOf(row, index, field), context),
      ...(read === undefined ? {} : { source: { kind: "answer", fieldId: field.id, read } as const }),
    };
  });
}

const column = (name: Extract<RecordExpression, { kind: "column" }>["column"]) =>
  ({ kind: "column", column: name }) as const;

/** A review state from its label in the feed's language, or from the state itself; anything else matches none. */
function reviewStateOf(language: Language, shown: string): string {
  const wanted = shown.trim().toLowerCase();
  const state = REVIEW_STATES.find(
    (candidate) => candidate === wanted || translate(language, `review:states.${candidate}`).toLowerCase() === wanted,
  );
  return state ?? shown;
}

function recordProperties(language: Language): ODataProperty<ExportRow>[] {
  return [
    { name: "__id", type: "Edm.String", nullable: false, value: (row) => row.id, source: column("id") },
    {
      name: "__createdAt",
      type: "Edm.DateTimeOffset",
      nullable: false,
      value: (row) => isoFromTimestampText(row.createdText),
      source: column("created_at"),
    },
    {
      name: "__updatedAt",
      type: "Edm.DateTimeOffset",
      nullable: false,
      value: (row) => isoFromTimestampText(row.updatedText),
      source: column("updated_at"),
    },
    {
      name: "__submitterName",
      type: "Edm.String",
      nullable: true,
      value: (row) => row.submitterName,
      source: column("submitter_name"),
    },
    {
      name: "__submitterEmail",
      type: "Edm.String",
      nullable: true,
      // Lower-cased, as the database compares it: an address is one whatever its case.
      value: (row) => row.submitterEmail?.toLowerCase() ?? null,
      source: column("submitter_email"),
      storedValue: (shown) => shown.trim().toLowerCase(),
    },
    {
      name: "__reviewState",
      type: "Edm.String",
      nullable: false,
      value: (row) => translate(language, `review:states.${row.reviewState}`),
      source: column("review_state"),
      storedValue: (shown) => reviewStateOf(language, shown),
      equalityOnly: true,
    },
    {
      name: "__latitude",
      type: "Edm.Double",
      nullable: true,
      value: (row) => row.latitude,
      source: column("latitude"),
    },
    {
      name: "__longitude",
      type: "Edm.Double",
      nullable: true,
      value: (row) => row.longitude,
      source: column("longitude"),
    },
    {
      name: "__accuracy",
      type: "Edm.Double",
      nullable: true,
      value: (row) => row.locationAccuracy,
      source: column("location_accuracy"),
    },
  ];
}

/** An entry's `__id`: its record's id and its index at each level, `<record id>-2-1`. */
function entryId(row: RepeatRow): string {
  return `${row.recordId}-${row.path.join("-")}`;
}

function repeatProperties(
  children: RecordField[],
  nested: boolean,
  context: ExportContext,
): ODataProperty<RepeatRow>[] {
  const fixed: ODataProperty<RepeatRow>[] = [
    { name: "__id", type: "Edm.String", nullable: false, value: entryId },
    { name: "__recordId", type: "Edm.String", nullable: false, value: (row) => row.recordId, source: column("id") },
    ...(nested
      ? [
          {
            name: "__parentId",
            type: "Edm.String",
            nullable: false,
            value: (row: RepeatRow) => `${row.recordId}-${row.path.slice(0, -1).join("-")}`,
          } satisfies ODataProperty<RepeatRow>,
        ]
      : []),
    { name: "__index", type: "Edm.Int32", nullable: false, value: (row) => row.index },
  ];
  const answers = answerProperties<RepeatRow>(
    children,
    (row, _index, field) => row.entry[field.id],
    fixed.map((property) => property.name),
    context,
    false,
  );
  return [...fixed, ...answers];
}

/** The model of an application's readable fields (live ones in form order, then removed ones holding answers). */
export function odataModel(fields: readonly RecordField[], language: Language, context: ExportContext): ODataModel {
  const layout = recordLayout(fields);
  const fixed = recordProperties(language);
  const answers = answerProperties<ExportRow>(
    layout.answered,
    (row, index) => row.answers[index],
    fixed.map((property) => property.name),
    context,
    true,
  );
  const levels = repeatLevels(layout.repeats);
  // Records_<repeat>, and Records_<outer>_<inner> below it: the name reads the path as ODK Central's Submissions.a.b.
  const wanted = levels.map(({ chain }) => [ODATA_RECORDS_SET, ...chain.map((repeat) => repeat.name)].join("_"));
  const setNames = uniqueNames(wanted, [ODATA_RECORDS_SET]);
  const nameOf = new Map(levels.map(({ layout: level }, index) => [level.repeat, setNames[index] ?? wanted[index]]));
  return {
    records: { name: ODATA_RECORDS_SET, typeName: "Record", properties: [...fixed, ...answers] },
    repeats: levels.map(({ layout: level, chain }) => {
      const name = nameOf.get(level.repeat) ?? level.repeat.name;
      const parent = chain.at(-2);
      return {
        name,
        typeName: name,
        chain,
        parentSet: (parent && nameOf.get(parent)) ?? ODATA_RECORDS_SET,
        properties: repeatProperties(level.children, chain.length > 1, context),
      };
    }),
    answeredIds: layout.answered.map((field) => field.id),
  };
}
