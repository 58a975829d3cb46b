import ExcelJS from "exceljs";

/** A cell typed the way Excel types it: a day number or instant under a number format (`yyyy-mm-dd`, `hh:mm`…). */
export interface FormattedCell {
  value: number | Date;
  numFmt: string;
}

/** A sheet as rows of cells, the first row its headers. */
export type SheetCells = readonly (readonly (string | number | boolean | null | FormattedCell)[])[];

/** Builds an .xlsx file with exceljs, one worksheet per entry, in order. */
export async function buildXlsx(sheets: Readonly<Record<string, SheetCells>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const worksheet = workbook.addWorksheet(name);
    for (const row of rows) {
      const added = worksheet.addRow(row.map((value) => (isFormatted(value) ? value.value : value)));
      row.forEach((value, index) => {
        if (isFormatted(value)) added.getCell(index + 1).numFmt = value.numFmt;
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function isFormatted(value: unknown): value is FormattedCell {
  return typeof value === "object" && value !== null && "numFmt" in value;
}

/**
 * ODK's classic household survey: a head of household, a repeat of members (name, age, sex) and totals computed
 * over the repeat, with English and Portuguese labels.
 */
export const HOUSEHOLD_SURVEY = {
  survey: [
    [
      "type",
      "name",
      "label::English (en)",
      "label::Português (pt)",
      "hint::English (en)",
      "required",
      "relevant",
      "constraint",
      "constraint_message::English (en)",
      "calculation",
      "appearance",
    ],
    ["today", "today", null, null, null, null, null, null, null, null, null],
    ["text", "head_name", "Head of household", "Chefe da família", "Full name", "yes", null, null, null, null, null],
    ["geopoint", "location", "Household location", "Local da casa", null, null, null, null, null, null, null],
    ["image", "house_photo", "Photo of the house", "Foto da casa", null, null, null, null, null, null, null],
    ["begin repeat", "member", "Household member", "Morador", null, null, null, null, null, null, null],
    ["text", "member_name", "Name", "Nome", null, "yes", null, null, null, null, null],
    ["integer", "age", "Age", "Idade", null, "yes", null, ". >= 0 and . <= 120", "Age between 0 and 120", null, null],
    ["select_one sex", "sex", "Sex", "Sexo", null, null, null, null, null, null, "minimal"],
    ["end repeat", "member", null, null, null, null, null, null, null, null, null],
    ["calculate", "member_count", null, null, null, null, null, null, null, "count(${member})", null],
    ["calculate", "total_age", null, null, null, null, null, null, null, "sum(${age})", null],
    [
      "note",
      "summary",
      "Members: ${member_count}",
      "Moradores: ${member_count}",
      null,
      null,
      "${member_count} > 0",
      null,
      null,
      null,
      null,
    ],
  ],
  choices: [
    ["list_name", "name", "label::English (en)", "label::Português (pt)"],
    ["sex", "female", "Female", "Feminino"],
    ["sex", "male", "Male", "Masculino"],
  ],
  settings: [
    ["form_title", "form_id", "version", "default_language"],
    ["Household survey", "household_survey", "2024010101", "English (en)"],
  ],
} as const satisfies Record<string, SheetCells>;

/** The fields HOUSEHOLD_SURVEY becomes: name, Campo type, container. */
export const HOUSEHOLD_FIELDS = [
  ["today", "metadata", null],
  ["head_name", "text", null],
  ["location", "gps", null],
  ["house_photo", "photo", null],
  ["member", "repeat", null],
  ["member_name", "text", "member"],
  ["age", "number", "member"],
  ["sex", "single_choice", "member"],
  ["member_count", "calculation", null],
  ["total_age", "calculation", null],
  ["summary", "note", null],
] as const;

/** A skip-logic form: questions shown by earlier answers, constraints, defaults and most question types. */
export const SKIP_LOGIC_FORM = {
  survey: [
    [
      "type",
      "name",
      "label",
      "hint",
      "required",
      "required_message",
      "relevant",
      "constraint",
      "constraint_message",
      "default",
      "appearance",
      "calculation",
    ],
    [
      "select_one yes_no",
      "has_children",
      "Do you have children?",
      null,
      "true()",
      "Please answer",
      null,
      null,
      null,
      null,
      null,
      null,
    ],
    [
      "integer",
      "children",
      "How many?",
      null,
      "yes",
      null,
      "${has_children} = 'yes'",
      ". > 0 and . < 20",
      "Between 1 and 19",
      "1",
      null,
      null,
    ],
    [
      "select_multiple school",
      "schools",
      "Which schools?",
      "All that apply",
      null,
      null,
      "${children} > 0 and selected(${has_children}, 'yes')",
      "count-selected(.) <= ${children}",
      null,
      null,
      null,
      null,
    ],
    [
      "text",
      "other_school",
      "Other school",
      null,
      null,
      null,
      "selected(${schools}, 'other')",
      "string-length(.) >= 3",
      null,
      null,
      null,
      null,
    ],
    [
      "text",
      "comments",
      "Comments",
      null,
      null,
      null,
      "not(${has_children} = 'no')",
      "regex(., '^[A-Za-z ]*$')",
      null,
      "none",
      "multiline",
      null,
    ],
    ["decimal", "income", "Monthly income", null, "no", null, null, ". >= 0", null, null, null, null],
    ["date", "visit_date", "Visit date", null, null, null, null, ". <= today()", null, null, null, null],
    ["time", "visit_time", "Visit time", null, null, null, null, null, null, null, null, null],
    ["dateTime", "followup", "Follow-up", null, null, null, null, null, null, null, null, null],
    ["acknowledge", "consent", "I agree", null, "yes", null, null, null, null, null, null, null],
    [
      "calculate",
      "income_per_child",
      null,
      null,
      null,
      null,
      "${consent} = 'OK'",
      null,
      null,
      null,
      null,
      "if(${children} > 0, ${income} div ${children}, 0)",
    ],
    ["image", "signature", "Signature", null, null, null, null, null, null, null, "signature", null],
    ["begin group", "closing", "Closing", null, null, null, "${consent} = 'OK'", null, null, null, "field-list", null],
    ["note", "thanks", "Thank you!", null, null, null, null, null, null, null, null, null],
    ["end group", null, null, null, null, null, null, null, null, null, null, null],
  ],
  choices: [
    ["list_name", "name", "label"],
    ["yes_no", "yes", "Yes"],
    ["yes_no", "no", "No"],
    ["school", "public", "Public school"],
    ["school", "private", "Private school"],
    ["school", "other", "Other"],
  ],
  settings: [
    ["form_title", "form_id"],
    ["Skip logic", "skip_logic"],
  ],
} as const satisfies Record<string, SheetCells>;

/** ODK's cascading selects: the city list is filtered by the state chosen (choice_filter), which Campo lacks. */
export const CASCADING_FORM = {
  survey: [
    ["type", "name", "label", "choice_filter"],
    ["select_one state", "state", "State", null],
    ["select_one city", "city", "City", "state=${state}"],
  ],
  choices: [
    ["list_name", "name", "label", "state"],
    ["state", "sp", "São Paulo", null],
    ["state", "rj", "Rio de Janeiro", null],
    ["city", "campinas", "Campinas", "sp"],
    ["city", "santos", "Santos", "sp"],
    ["city", "niteroi", "Niterói", "rj"],
  ],
  settings: [["form_title"], ["Cascading"]],
} as const satisfies Record<string, SheetCells>;

/** The cascading form with a filter naming a field it does not have, and the one issue its import reports. */
export const BROKEN_CASCADING_FORM = {
  ...CASCADING_FORM,
  survey: CASCADING_FORM.survey.map((row, index) => (index === 2 ? [...row.slice(0, 3), "state=${uf}"] : row)),
} satisfies Record<string, SheetCells>;
export const BROKEN_CASCADING_ISSUE = {
  sheet: "survey",
  row: 3,
  column: "choice_filter",
  key: "xlsform:issues.unknownField",
  params: { name: "uf" },
} as const;
