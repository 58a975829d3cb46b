/**
 * A typed condition or sort key on records (the OData feed's `$filter` and `$orderby`, already checked against the
 * entity type by server/services/odata/odata-filter.ts) as parameterised SQL over `form_submissions s`. Every user
 * value is a parameter; the only SQL text written from input is the choice between fixed fragments.
 *
 * Semantics follow OData rather than SQL's three-valued logic: `eq`/`ne` treat null as a value (`x ne 'a'` holds
 * when x is null), other comparisons and the text functions are false when either side is null, so `not` is the
 * plain negation a BI user expects.
 */
import { sql, type SQL } from "drizzle-orm";

/** The record's own facts a condition can read. */
export type RecordColumn =
  | "id"
  | "created_at"
  | "updated_at"
  | "submitter_name"
  | "submitter_email"
  | "review_state"
  | "latitude"
  | "longitude"
  | "location_accuracy";

/**
 * How an answer is read: as the feed shows it. `scalar` is a calculation's text or number as text, `choices` a
 * multiple choice joined by "; " (as the export writes it), `entries` a repeat's entry count. An answer of another
 * JSON type than the read expects is null, as in the feed.
 */
export type AnswerRead = "string" | "scalar" | "choices" | "number" | "boolean" | "date" | "instant" | "entries";

/** Dates travel as their ISO text (which sorts as the calendar does); instants as timestamptz. */
export type ValueType = "string" | "number" | "boolean" | "date" | "instant";

export type Comparison = "eq" | "ne" | "gt" | "ge" | "lt" | "le";

export type ExpressionFunction =
  | "contains"
  | "startswith"
  | "endswith"
  | "indexof"
  | "length"
  | "tolower"
  | "toupper"
  | "trim"
  | "concat"
  | "substring"
  | "year"
  | "month"
  | "day"
  | "hour"
  | "minute"
  | "second"
  | "date"
  | "round"
  | "floor"
  | "ceiling";

export type RecordExpression =
  | { kind: "column"; column: RecordColumn }
  | { kind: "answer"; fieldId: string; read: AnswerRead }
  | { kind: "literal"; type: ValueType; value: string | number | boolean }
  | { kind: "null" }
  | { kind: "now" }
  | { kind: "call"; name: ExpressionFunction; args: RecordExpression[] }
  | { kind: "compare"; operator: Comparison; left: RecordExpression; right: RecordExpression }
  | { kind: "logical"; operator: "and" | "or"; left: RecordExpression; right: RecordExpression }
  | { kind: "not"; operand: RecordExpression };

export interface SortKey {
  expression: RecordExpression;
  type: ValueType;
  descending: boolean;
}

const COLUMNS: Record<RecordColumn, SQL> = {
  id: sql`s.id::text`,
  created_at: sql`s.created_at`,
  updated_at: sql`s.updated_at`,
  submitter_name: sql`(select u_f.name from users u_f where u_f.id = s.submitter_id)`,
  submitter_email: sql`(select lower(u_f.email) from users u_f where u_f.id = s.submitter_id)`,
  review_state: sql`s.review_state::text`,
  latitude: sql`s.latitude::numeric`,
  longitude: sql`s.longitude::numeric`,
  location_accuracy: sql`s.location_accuracy::numeric`,
};

/** An instant as isValidDateTime accepts it, so the cast cannot fail on the shape of a stored text. */
const INSTANT_TEXT = String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$`;
const DATE_TEXT = String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$`;

function answerText(fieldId: string): SQL {
  return sql`(s.answers ->> ${fieldId}::text)`;
}

function answerSql(fieldId: string, read: AnswerRead): SQL {
  const value = sql`(s.answers -> ${fieldId}::text)`;
  const text = answerText(fieldId);
  switch (read) {
    case "string":
      return sql`(case when jsonb_typeof(${value}) = 'string' then ${text} end)`;
    case "scalar":
      return sql`(case when jsonb_typeof(${value}) in ('string', 'number') then ${text} end)`;
    case "choices":
      return sql`(case when jsonb_typeof(${value}) = 'array' then (select string_agg(c.v, '; ' order by c.n)
        from jsonb_array_elements_text(${value}) with ordinality c(v, n)) end)`;
    case "number":
      return sql`(case when jsonb_typeof(${value}) = 'number' then ${text}::numeric end)`;
    case "boolean":
      return sql`(case when jsonb_typeof(${value}) = 'boolean' then ${text}::boolean end)`;
    case "date":
      return sql`(case when ${text} ~ ${DATE_TEXT} then ${text} end)`;
    case "instant":
      return sql`(case when ${text} ~ ${INSTANT_TEXT} then ${text}::timestamptz end)`;
    case "entries":
      return sql`(case when jsonb_typeof(${value}) = 'array' then (select count(*)::int
        from jsonb_array_elements(${value}) e where jsonb_typeof(e) = 'object') end)`;
  }
}

function literalSql(type: ValueType, value: string | number | boolean): SQL {
  switch (type) {
    case "number":
      return sql`${String(value)}::numeric`;
    case "boolean":
      return sql`${value === true ? "true" : "false"}::boolean`;
    case "instant":
      return sql`${String(value)}::timestamptz`;
    default:
      return sql`${String(value)}::text`;
  }
}

const PARTS = { year: [1, 4], month: [6, 2], day: [9, 2], hour: [12, 2], minute: [15, 2], second: [18, 2] } as const;
type Part = keyof typeof PARTS;

/**
 * A date or time part. An instant answer keeps the offset it was collected with, and OData reads its parts in that
 * offset, so they come from its text; the record's own instants are UTC, as the feed writes them.
 */
function partSql(part: Part, arg: RecordExpression): SQL {
  const [start, length] = PARTS[part];
  if (arg.kind === "answer" && (arg.read === "instant" || arg.read === "date")) {
    const text = answerText(arg.fieldId);
    const valid = arg.read === "instant" ? INSTANT_TEXT : DATE_TEXT;
    // Seconds are optional in a stored instant ("…T10:30Z" has none).
    const present = part === "second" ? sql` and substr(${text}, 17, 1) = ':'` : sql``;
    const zero = part === "second" ? sql` when ${text} ~ ${valid} then 0` : sql``;
    return sql`(case when ${text} ~ ${valid}${present} then substr(${text}, ${start}::int, ${length}::int)::int${zero} end)`;
  }
  const value = expressionSql(arg);
  const dateText = (arg.kind === "literal" && arg.type === "date") || (arg.kind === "call" && arg.name === "date");
  if (dateText) return sql`substr(${value}, ${start}::int, ${length}::int)::int`;
  const unit = sql.raw(part);
  return sql`extract(${unit} from (${value}) at time zone 'UTC')::int`;
}

function dateSql(arg: RecordExpression): SQL {
  if (arg.kind === "answer" && arg.read === "instant") {
    const text = answerText(arg.fieldId);
    return sql`(case when ${text} ~ ${INSTANT_TEXT} then substr(${text}, 1, 10) end)`;
  }
  return sql`to_char((${expressionSql(arg)}) at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** A character position or length from a client's number: whole, within 0…2^31-2, so the cast cannot overflow. */
function position(value: SQL | undefined): SQL {
  return sql`least(greatest(trunc(${value ?? sql`0`}), 0), 2147483646)::int`;
}

function callSql(name: ExpressionFunction, args: RecordExpression[]): SQL {
  const [first, second, third] = args.map(expressionSql);
  switch (name) {
    case "contains":
      return sql`coalesce(strpos(${first}, ${second}) > 0, false)`;
    case "startswith":
      return sql`coalesce(left(${first}, char_length(${second})) = ${second}, false)`;
    case "endswith":
      return sql`coalesce(right(${first}, char_length(${second})) = ${second}, false)`;
    case "indexof":
      return sql`(strpos(${first}, ${second}) - 1)`;
    case "length":
      return sql`char_length(${first})`;
    case "tolower":
      return sql`lower(${first})`;
    case "toupper":
      return sql`upper(${first})`;
    case "trim":
      return sql`btrim(${first})`;
    case "concat":
      return sql`(${first} || ${second})`;
    case "substring":
      // OData counts from 0; a negative start reads from the beginning.
      return third === undefined
        ? sql`substr(${first}, ${position(second)} + 1)`
        : sql`substr(${first}, ${position(second)} + 1, ${position(third)})`;
    case "round":
      return sql`round(${first})`;
    case "floor":
      return sql`floor(${first})`;
    case "ceiling":
      return sql`ceiling(${first})`;
    case "date":
      return dateSql(args[0] ?? { kind: "null" });
    default:
      return partSql(name, args[0] ?? { kind: "null" });
  }
}

const OPERATORS: Record<Exclude<Comparison, "eq" | "ne">, SQL> = {
  gt: sql.raw(">"),
  ge: sql.raw(">="),
  lt: sql.raw("<"),
  le: sql.raw("<="),
};

function compareSql(operator: Comparison, left: RecordExpression, right: RecordExpression): SQL {
  const a = expressionSql(left);
  const b = expressionSql(right);
  if (operator === "eq") return sql`(${a} is not distinct from ${b})`;
  if (operator === "ne") return sql`(${a} is distinct from ${b})`;
  return sql`coalesce(${a} ${OPERATORS[operator]} ${b}, false)`;
}

/** The SQL of an expression; a condition (compare, logical, a boolean function) is never null. */
export function expressionSql(expression: RecordExpression): SQL {
  switch (expression.kind) {
    case "column":
      return COLUMNS[expression.column];
    case "answer":
      return answerSql(expression.fieldId, expression.read);
    case "literal":
      return literalSql(expression.type, expression.value);
    case "null":
      return sql`null`;
    case "now":
      return sql`now()`;
    case "call":
      return callSql(expression.name, expression.args);
    case "compare":
      return compareSql(expression.operator, expression.left, expression.right);
    case "logical":
      return sql`(${expressionSql(expression.left)} ${sql.raw(expression.operator)} ${expressionSql(expression.right)})`;
    case "not":
      return sql`(not ${expressionSql(expression.operand)})`;
  }
}

/** A boolean expression as a WHERE condition: a bare boolean property that is null does not match. */
export function conditionSql(expression: RecordExpression): SQL {
  return sql`coalesce(${expressionSql(expression)}, false)`;
}

const CASTS: Record<ValueType, SQL> = {
  string: sql.raw("text"),
  date: sql.raw("text"),
  number: sql.raw("numeric"),
  boolean: sql.raw("boolean"),
  instant: sql.raw("timestamptz"),
};

/** ORDER BY items for the keys; nulls come first ascending and last descending, as OData sorts them. */
export function sortSql(keys: readonly SortKey[]): SQL[] {
  return keys.map(
    (key) => sql`${expressionSql(key.expression)} ${sql.raw(key.descending ? "desc nulls last" : "asc nulls first")}`,
  );
}

/** The keys' values as text (null stays null), for the next page's cursor. */
export function sortValuesSql(keys: readonly SortKey[]): SQL {
  if (keys.length === 0) return sql`'[]'::jsonb`;
  return sql`jsonb_build_array(${sql.join(
    keys.map((key) => sql`(${expressionSql(key.expression)})::text`),
    sql`, `,
  )})`;
}

/**
 * Rows after the cursor `values` in the keys' order, then `tieBreak` (rows equal on every key: the created-at/id
 * order): key 1 after, or key 1 equal and key 2 after, … A null value sorts before every value ascending and
 * after every value descending.
 */
export function afterSortSql(keys: readonly SortKey[], values: readonly (string | null)[], tieBreak: SQL): SQL {
  const branches: SQL[] = [];
  const equal: SQL[] = [];
  keys.forEach((key, index) => {
    const value = values[index] ?? null;
    const expression = expressionSql(key.expression);
    const cursor = value === null ? sql`null` : sql`${value}::${CASTS[key.type]}`;
    let after: SQL;
    if (value === null) after = key.descending ? sql`false` : sql`(${expression}) is not null`;
    else if (key.descending) after = sql`((${expression}) < ${cursor} or (${expression}) is null)`;
    else after = sql`(${expression}) > ${cursor}`;
    branches.push(sql.join([...equal, after], sql` and `));
    equal.push(sql`(${expression}) is not distinct from ${cursor}`);
  });
  branches.push(sql.join([...equal, tieBreak], sql` and `));
  return sql`(${sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` or `,
  )})`;
}
