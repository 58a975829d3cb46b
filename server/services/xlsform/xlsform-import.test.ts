import { describe, expect, it } from "vitest";
import type { ApplicationForm } from "../../../shared/fields/field-config.ts";
import {
  BROKEN_CASCADING_FORM,
  BROKEN_CASCADING_ISSUE,
  buildXlsx,
  CASCADING_FORM,
  HOUSEHOLD_FIELDS,
  HOUSEHOLD_SURVEY,
  SKIP_LOGIC_FORM,
  type SheetCells,
} from "../../test-support/xlsform-books.ts";
import { importXlsForm, type XlsFormImport } from "./xlsform-import.ts";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";

async function importSheets(sheets: Record<string, SheetCells>): Promise<XlsFormImport> {
  return importXlsForm(await readXlsFormBook(await buildXlsx(sheets)), "Fallback name");
}

async function importedForm(sheets: Record<string, SheetCells>): Promise<ApplicationForm> {
  const result = await importSheets(sheets);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.form;
}

function field(form: ApplicationForm, name: string) {
  const found = form.fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
}

/** A survey of one row under the given headers. */
function oneRow(headers: string[], row: (string | null)[], choices?: SheetCells): Record<string, SheetCells> {
  return { survey: [headers, row], ...(choices ? { choices } : {}) };
}

describe("ODK's household survey", () => {
  it("becomes a form with a repeat, totals over it and translations", async () => {
    const form = await importedForm(HOUSEHOLD_SURVEY);
    expect(form.name).toBe("Household survey");
    expect(form.fields.map((f) => [f.name, f.fieldType, f.parentName])).toEqual(HOUSEHOLD_FIELDS);
    expect(field(form, "head_name")).toMatchObject({
      label: "Head of household",
      config: { required: true, description: "Full name", translations: { "pt-BR": { label: "Chefe da família" } } },
    });
    expect(field(form, "age").config).toMatchObject({
      format: "integer",
      constraint: ". >= 0 and . <= 120",
      constraintMessage: "Age between 0 and 120",
    });
    expect(field(form, "sex").config).toMatchObject({ options: ["Female", "Male"] });
    expect(field(form, "total_age")).toMatchObject({ label: "total_age", config: { calculation: "sum(${age})" } });
    expect(field(form, "summary").config).toMatchObject({ relevant: "${member_count} > 0" });
  });
});

describe("a skip-logic form", () => {
  it("translates relevance, constraints, defaults and calculations, option names becoming labels", async () => {
    const form = await importedForm(SKIP_LOGIC_FORM);
    expect(form.sectionPages).toBe(true);
    expect(field(form, "has_children")).toMatchObject({
      fieldType: "single_choice",
      config: { required: true, requiredMessage: "Please answer", options: ["Yes", "No"] },
    });
    expect(field(form, "children").config).toMatchObject({
      relevant: "${has_children} = 'Yes'",
      constraint: ". > 0 and . < 20",
      defaultValue: "1",
    });
    expect(field(form, "schools").config).toMatchObject({
      description: "All that apply",
      relevant: "${children} > 0 and selected(${has_children}, 'Yes')",
      constraint: "count_selected(.) <= ${children}",
    });
    expect(field(form, "other_school").config).toMatchObject({
      relevant: "selected(${schools}, 'Other')",
      constraint: "string_length(.) >= 3",
    });
    expect(field(form, "comments").config).toMatchObject({ format: "textarea", defaultValue: "'none'" });
    expect(field(form, "income").config).toMatchObject({ format: "decimal", required: false });
    expect(field(form, "consent")).toMatchObject({ fieldType: "acknowledge", config: { required: true } });
    expect(field(form, "income_per_child").config).toMatchObject({
      relevant: "${consent} = 'OK'",
      calculation: "if(${children} > 0, ${income} / ${children}, 0)",
    });
    expect(field(form, "signature").fieldType).toBe("signature");
    expect(field(form, "thanks")).toMatchObject({ fieldType: "note", parentName: "closing" });
  });

  it("keeps a dateTime as one date-and-time question", async () => {
    const form = await importedForm(SKIP_LOGIC_FORM);
    expect(field(form, "followup")).toMatchObject({ fieldType: "datetime", label: "Follow-up" });
    expect(form.fields.some((candidate) => candidate.name === "followup_time")).toBe(false);
  });
});

describe("required as an expression, typographic quotes and XPath's math", () => {
  it("keeps the condition, writes straight quotes and reads div and sqrt", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "required", "relevant", "calculation"],
        ["select_one health", "health", "Health", "yes", null, null],
        ["decimal", "height", "Height", "${health}=‘dead’", "${health} != “alive”", null],
        ["integer", "slope", "Slope", "Yes", null, null],
        ["calculate", "radius", null, null, null, "round(15 div (sqrt(cos(atan(${slope} div 100)))),2)"],
        ["text", "note", "Note", "no", null, null],
      ],
      choices: [
        ["list_name", "name", "label"],
        ["health", "alive", "Alive"],
        ["health", "dead", "Dead"],
      ],
    });
    expect(field(form, "height").config).toMatchObject({
      required: true,
      requiredWhen: "${health}='Dead'",
      relevant: "${health} != 'Alive'",
    });
    expect(field(form, "slope").config).toMatchObject({ required: true });
    expect(field(form, "slope").config).not.toHaveProperty("requiredWhen", expect.anything());
    expect(field(form, "note").config).toMatchObject({ required: false });
    const mismatched = await importSheets({
      survey: [
        ["type", "name", "label", "required"],
        ["integer", "age", "Age", "yes"],
        ["text", "id", "ID", "${age} > true()"],
      ],
    });
    expect(mismatched).toMatchObject({
      ok: false,
      issues: [{ sheet: "survey", row: 3, column: "required", key: "expressions:typeMismatch" }],
    });
    expect(field(form, "radius").config).toMatchObject({
      calculation: "round(15 / (sqrt(cos(atan(${slope} / 100)))),2)",
    });
  });
});

describe("a cascading select form", () => {
  it("keeps the choices columns as option properties and the choice_filter, values renamed to labels", async () => {
    const form = await importedForm(CASCADING_FORM);
    expect(field(form, "state").config).not.toHaveProperty("choiceFilter");
    expect(field(form, "city").config).toMatchObject({
      options: ["Campinas", "Santos", "Niterói"],
      optionProperties: {
        Campinas: { state: "São Paulo" },
        Santos: { state: "São Paulo" },
        Niterói: { state: "Rio de Janeiro" },
      },
      choiceFilter: "state=${state}",
    });
  });

  it("keeps a choices column of notes as long as a description, and places a longer one at its cell", async () => {
    const note = "A note on the list for the form's authors. ".repeat(12);
    const sheets = (text: string) => ({
      survey: [
        ["type", "name", "label"],
        ["select_one sexes", "sex", "Sex"],
      ],
      choices: [
        ["list_name", "name", "label", "tutorial_notes"],
        ["sexes", "male", "Male", text],
        ["sexes", "female", "Female", null],
      ],
    });
    const form = await importedForm(sheets(note));
    expect(field(form, "sex").config).toMatchObject({ optionProperties: { Male: { tutorial_notes: note.trim() } } });
    expect(await importSheets(sheets("x".repeat(1001)))).toEqual({
      ok: false,
      issues: [
        {
          sheet: "choices",
          row: 2,
          column: "tutorial_notes",
          key: "fields:optionPropertyTooLong",
          params: { max: 1000 },
        },
      ],
    });
  });

  it("takes an option listed under two parents (allow_choice_duplicates) as one option of two sets, and back", async () => {
    const sheets = {
      survey: [
        ["type", "name", "label", "choice_filter"],
        ["select_one states", "state", "State", null],
        ["select_one counties", "county", "County", "state=${state}"],
      ],
      choices: [
        ["list_name", "name", "label", "state"],
        ["states", "texas", "Texas", null],
        ["states", "washington", "Washington", null],
        ["counties", "king", "King", "washington"],
        ["counties", "pierce", "Pierce", "washington"],
        ["counties", "king", "King", "texas"],
      ],
      settings: [["allow_choice_duplicates"], ["yes"]],
    };
    const form = await importedForm(sheets);
    expect(field(form, "county").config).toMatchObject({
      options: ["King", "Pierce"],
      optionProperties: { King: [{ state: "Washington" }, { state: "Texas" }], Pierce: { state: "Washington" } },
    });
    const exported = xlsFormSheets({ ...form, formVersion: 1 });
    expect(exported[1]?.rows.filter((row) => row.list_name === "county")).toMatchObject([
      { name: "king", label: "King", state: "washington" },
      { name: "king", label: "King", state: "texas" },
      { name: "pierce", label: "Pierce", state: "washington" },
    ]);
    expect(exported[2]?.rows[0]).toMatchObject({ allow_choice_duplicates: "yes" });
    const again = importXlsForm(await readXlsFormBook(await exportXlsForm({ ...form, formVersion: 1 })), "x");
    expect(again.ok && field(again.form, "county").config).toEqual(field(form, "county").config);
    // One label of two names would be two answers Campo cannot tell apart: the later one's label says its name.
    const relabelled = await importSheets({
      ...sheets,
      choices: [...sheets.choices.slice(0, 5), ["counties", "king_tx", "King", "texas"]],
    });
    expect(relabelled.ok && field(relabelled.form, "county").config).toMatchObject({
      options: ["King", "Pierce", "King (king_tx)"],
    });
    expect(relabelled.ok && relabelled.notes?.map((note) => [note.sheet, note.row, note.key])).toEqual([
      ["choices", 6, "xlsform:issues.optionLabelRenamed"],
    ]);
  });

  it("reports a filter naming a field the form does not have, at its cell", async () => {
    expect(await importSheets(BROKEN_CASCADING_FORM)).toEqual({
      ok: false,
      issues: [BROKEN_CASCADING_ISSUE],
    });
  });
});

describe("types", () => {
  it.each([
    ["text", "text"],
    ["integer", "number"],
    ["decimal", "number"],
    ["date", "date"],
    ["time", "time"],
    ["geopoint", "gps"],
    ["image", "photo"],
    ["note", "note"],
    ["acknowledge", "acknowledge"],
    ["dateTime", "datetime"],
    ["barcode", "barcode"],
    ["hidden", "hidden"],
    ["range", "range"],
    ["rank list", "rank"],
    ["select_one list", "single_choice"],
    ["select_multiple list", "multiple_choice"],
  ])("%s → %s", async (type, fieldType) => {
    const form = await importedForm(
      oneRow(
        ["type", "name", "label"],
        [type, "q", "Q"],
        [
          ["list_name", "name", "label"],
          ["list", "a", "A"],
        ],
      ),
    );
    expect(form.fields).toMatchObject([{ fieldType, name: "q", label: "Q", parentName: null }]);
  });

  it("calculate → calculation, named by its name when it has no label", async () => {
    const form = await importedForm(oneRow(["type", "name", "calculation"], ["calculate", "total", "1 + 2"]));
    expect(form.fields).toMatchObject([{ fieldType: "calculation", label: "total", config: { calculation: "1 + 2" } }]);
  });

  it("begin/end group → a section holding its rows; a fixed repeat_count → min and max entries", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "repeat_count"],
        ["begin_group", "g", "Group", null],
        ["text", "a", "A", null],
        ["end_group", null, null, null],
        ["begin repeat", "r", "Repeat", "3"],
        ["text", "b", "B", null],
        ["end repeat", null, null, null],
        ["text", "c", "C", null],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.fieldType, f.parentName])).toEqual([
      ["g", "section", null],
      ["a", "text", "g"],
      ["r", "repeat", null],
      ["b", "text", "r"],
      ["c", "text", null],
    ]);
    expect(field(form, "r").config).toMatchObject({ minCount: 3, maxCount: 3 });
  });

  it("keeps the metadata the phone records itself as metadata fields; `end` alone is one, not an end group", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        ["start", "start", null],
        ["end", "end", null],
        ["today", "today", null],
        ["deviceid", "d", null],
        ["username", "u", null],
        ["email", "e", null],
        ["audit", "audit", null],
        ["simserial", "sim", null],
        ["text", "t", "T"],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.fieldType, "kind" in f.config ? f.config.kind : null])).toEqual([
      ["start", "metadata", "start"],
      ["end", "metadata", "end"],
      ["today", "metadata", "today"],
      ["d", "metadata", "deviceid"],
      ["u", "metadata", "username"],
      ["e", "metadata", "email"],
      ["audit", "metadata", "audit"],
      ["t", "text", null],
    ]);
  });
});

describe("columns", () => {
  it("label::Language (code) are translations; default_language picks the main one", async () => {
    const form = await importedForm({
      survey: [
        [
          "type",
          "name",
          "label::Español (es)",
          "label::English (en)",
          "hint::English (en)",
          "constraint_message::English (en)",
          "required_message::English (en)",
          "label::Deutsch (de)",
        ],
        ["integer", "n", "Número", "Number", "A hint", "Too big", "Needed", "Zahl"],
      ],
      settings: [["default_language"], ["Español (es)"]],
    });
    expect(form.fields[0]).toMatchObject({
      label: "Número",
      config: {
        translations: {
          en: { label: "Number", description: "A hint", constraintMessage: "Too big", requiredMessage: "Needed" },
        },
      },
    });
    expect(form.fields[0]?.config.translations).not.toHaveProperty("es");
  });

  it("the first label column is the main one when none is plain and no default_language is set", async () => {
    const form = await importedForm(
      oneRow(["type", "name", "label::English (en)", "label::Español (es)"], ["text", "t", "Name", "Nombre"]),
    );
    expect(form.fields[0]).toMatchObject({ label: "Name", config: { translations: { es: { label: "Nombre" } } } });
  });

  it.each([
    ["yes", true],
    ["TRUE", true],
    ["true()", true],
    ["no", false],
    ["false()", false],
  ])("required %s", async (required, expected) => {
    const form = await importedForm(oneRow(["type", "name", "label", "required"], ["text", "t", "T", required]));
    expect(form.fields[0]?.config).toMatchObject({ required: expected });
  });

  it("default: a plain value per type, an expression where it uses one", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "default"],
        ["select_one l", "s", "S", "b"],
        ["integer", "n", "N", "-4"],
        ["acknowledge", "ok", "OK", "OK"],
        ["date", "d", "D", "today()"],
        ["text", "t", "T", "concat('a', ${n})"],
      ],
      choices: [
        ["list_name", "name", "label"],
        ["l", "a", "Alpha"],
        ["l", "b", "Beta"],
      ],
    });
    expect(form.fields.map((f) => ("defaultValue" in f.config ? f.config.defaultValue : null))).toEqual([
      "'Beta'",
      "-4",
      "'OK'",
      "today()",
      "concat('a', ${n})",
    ]);
  });

  it("default of a select_multiple: its option names become the labels, spaces in them and all", async () => {
    const choices: SheetCells = [
      ["list_name", "name", "label"],
      ["l", "a", "Alpha"],
      ["l", "b", "Beta"],
      ["l", "c", "Gamma ray"],
      ["l", "ab", "Alpha Beta"],
    ];
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "default"],
        ["select_multiple l", "m", "M", "ab"],
        ["select_multiple l", "n", "N", "c  ab"],
      ],
      choices,
    });
    expect(form.fields.map((f) => f.config)).toMatchObject([
      { defaultValue: "'Alpha Beta'" },
      { defaultValue: "'Gamma ray Alpha Beta'" },
    ]);
    // `a b` would be written "Alpha Beta", which reads back as the one option of that label.
    const refused = await importSheets({
      survey: [
        ["type", "name", "label", "default"],
        ["select_multiple l", "m", "M", "a z"],
        ["select_multiple l", "n", "N", "a b"],
      ],
      choices,
    });
    // `z` names no option: it is left out with a note (xlsform-triggers.test.ts), so only row 3 is refused.
    expect(refused.ok ? [] : refused.issues.map((issue) => [issue.row, issue.key])).toEqual([
      [3, "xlsform:issues.unsupportedDefault"],
    ]);
  });

  it("appearance multiline → textarea, signature → signature; the name of the file when there is no form_title", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "appearance"],
        ["text", "t", "T", "multiline"],
        ["image", "s", "S", "signature"],
      ],
    });
    expect(form.name).toBe("Fallback name");
    expect(form.fields.map((f) => f.fieldType)).toEqual(["text", "signature"]);
    expect(form.fields[0]?.config).toMatchObject({ format: "textarea" });
  });
});

describe("located issues: nothing is imported until the file is clean", () => {
  it("reports every problem at its sheet, row and column", async () => {
    const result = await importSheets({
      survey: [
        ["type", "name", "label", "relevant", "constraint", "calculation", "required"],
        ["xml-external", "r", "R", null, null, null, null],
        ["select_one nowhere", "s", "S", null, null, null, null],
        ["text", "t", "T", "${ghost} > 1", null, null, "${x} = 1"],
        ["integer", "i", "I", null, "jr:itext('a')", null, null],
        ["begin repeat", "outer", "Outer", null, null, null, null],
        ["begin repeat", "inner", "Inner", null, null, null, null],
        ["end repeat", null, null, null, null, null, null],
        ["end repeat", null, null, null, null, null, null],
        ["end group", null, null, null, null, null, null],
        ["begin group", "open", "Open", null, null, null, null],
      ],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          sheet: "survey",
          row: 2,
          column: "type",
          key: "xlsform:issues.unsupportedType",
          params: { type: "xml-external" },
        },
        { sheet: "survey", row: 3, column: "type", key: "xlsform:issues.unknownList", params: { list: "nowhere" } },
        { sheet: "survey", row: 10, column: "type", key: "xlsform:issues.unmatchedEnd", params: { type: "end group" } },
        { sheet: "survey", row: 11, column: "type", key: "xlsform:issues.unclosedGroup", params: { name: "open" } },
        { sheet: "survey", row: 4, column: "relevant", key: "xlsform:issues.unknownField", params: { name: "ghost" } },
        { sheet: "survey", row: 4, column: "required", key: "xlsform:issues.unknownField", params: { name: "x" } },
        {
          sheet: "survey",
          row: 5,
          column: "constraint",
          key: "xlsform:issues.unsupportedFunction",
          params: { name: "jr:itext" },
        },
      ],
    });
  });

  it("places the form rules' errors on their cells, options on the choices sheet", async () => {
    const result = await importSheets({
      survey: [
        ["type", "name", "label"],
        ["select_one l", "dup", "A"],
        ["text", "DUP", "x".repeat(2001)],
        ["text", "bad name", "C"],
      ],
      choices: [
        ["list_name", "name", "label"],
        ["l", "a", "Same"],
        ["l", "b", "y".repeat(201)],
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues).toEqual(
      expect.arrayContaining([
        { sheet: "choices", row: 3, column: "label", key: "fields:optionTooLong", params: { max: 200 } },
        { sheet: "survey", row: 3, column: "label", key: "fields:labelTooLong", params: { max: 2000 } },
        { sheet: "survey", row: 4, column: "name", key: "fields:invalidFieldName" },
      ]),
    );
  });

  it("places a name used twice (names compare case-insensitively) on the second row", async () => {
    expect(
      await importSheets({
        survey: [
          ["type", "name", "label"],
          ["text", "dup", "A"],
          ["text", "DUP", "B"],
        ],
      }),
    ).toEqual({
      ok: false,
      issues: [{ sheet: "survey", row: 3, column: "name", key: "fields:duplicateFieldName" }],
    });
  });

  it("places the form analysis' expression errors (a calculation cycle) on their expression cells", async () => {
    const result = await importSheets({
      survey: [
        ["type", "name", "calculation"],
        ["calculate", "a", "${b} + 1"],
        ["calculate", "b", "${a} * 2"],
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues).toContainEqual(
      expect.objectContaining({ sheet: "survey", row: 2, column: "calculation", key: "expressions:cycle" }),
    );
  });

  it("reads a lone sheet of another name as the survey, and a blank choices sheet as none", async () => {
    const lone = await importedForm({
      Sheet1: [
        ["type", "name", "label"],
        ["text", "state", "The State"],
      ],
    });
    expect(lone.fields.map((f) => [f.name, f.fieldType])).toEqual([["state", "text"]]);
    const blank = await importedForm({
      survey: [
        ["type", "name", "label"],
        ["text", "t", "T"],
      ],
      my_sheet: [],
      choices: [],
    });
    expect(blank.fields.map((f) => f.name)).toEqual(["t"]);
    // Beside a sheet of another name, a workbook without a survey still lacks one.
    expect(await importSheets({ Sheet1: [["type", "name", "label"]], Sheet2: [] })).toMatchObject({
      ok: false,
      issues: [{ key: "xlsform:issues.missingSheet" }],
    });
  });

  it("reports a missing survey sheet and missing columns", async () => {
    expect(await importSheets({ choices: [["list_name", "name", "label"]] })).toEqual({
      ok: false,
      issues: [
        { sheet: "survey", row: null, column: null, key: "xlsform:issues.missingSheet", params: { sheet: "survey" } },
      ],
    });
    expect(
      await importSheets({
        survey: [
          ["type", "label"],
          ["text", "T"],
        ],
      }),
    ).toEqual({
      ok: false,
      issues: [
        { sheet: "survey", row: 1, column: "name", key: "xlsform:issues.missingColumn", params: { column: "name" } },
      ],
    });
  });
});

const ONE_LIST: SheetCells = [
  ["list_name", "name", "label"],
  ["list", "a", "A"],
  ["list", "b", "B"],
];

describe("the metadata type end", () => {
  it("is metadata, not the end of a group: the group goes on to its own end", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        ["start", "start", null],
        ["begin group", "g", "Group"],
        ["text", "a", "A"],
        ["end", "end", null],
        ["text", "b", "B"],
        ["end group", null, null],
        ["text", "c", "C"],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.parentName])).toEqual([
      ["start", null],
      ["g", null],
      ["a", "g"],
      ["end", "g"],
      ["b", "g"],
      ["c", null],
    ]);
    expect(form.fields.filter((f) => f.fieldType === "metadata").map((f) => f.config)).toEqual([
      expect.objectContaining({ kind: "start" }),
      expect.objectContaining({ kind: "end" }),
    ]);
  });

  it.each(["end group", "end_group", "END GROUP", "end repeat", "end_repeat"])("%s still closes", async (end) => {
    const kind = end.toLowerCase().includes("group") ? "group" : "repeat";
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        [`begin ${kind}`, "g", "G"],
        ["text", "a", "A"],
        [end, null, null],
        ["text", "b", "B"],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.parentName])).toEqual([
      ["g", null],
      ["a", "g"],
      ["b", null],
    ]);
  });
});

describe("Excel cells read as XLSForm means them", () => {
  it("a default typed as a date, a time or a date and time becomes ISO text", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "default"],
        ["date", "d", "D", { value: new Date(Date.UTC(2026, 2, 1)), numFmt: "dd/mm/yyyy" }],
        ["time", "t", "T", { value: 14.5 / 24, numFmt: "hh:mm" }],
        ["date", "serial", "S", { value: 46082, numFmt: "yyyy-mm-dd" }],
        ["text", "stamp", "Stamp", { value: new Date(Date.UTC(2026, 2, 1, 8, 5, 30)), numFmt: "yyyy-mm-dd hh:mm:ss" }],
      ],
    });
    expect(form.fields.map((f) => ("defaultValue" in f.config ? f.config.defaultValue : null))).toEqual([
      "'2026-03-01'",
      "'14:30'",
      "'2026-03-01'",
      "'2026-03-01T08:05:30'",
    ]);
  });

  it("numbers keep Excel's 15 digits, in constraints, defaults and choice names alike", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "default", "constraint"],
        ["decimal", "n", "N", 0.1 + 0.2, null],
        ["select_one list", "s", "S", 1.0000000000000002, null],
        ["integer", "i", "I", 3, null],
      ],
      choices: [
        ["list_name", "name", "label"],
        ["list", 1.0000000000000002, { value: new Date(Date.UTC(2026, 0, 31)), numFmt: "d mmm yyyy" }],
        ["list", 2, "Two"],
      ],
    });
    expect(form.fields.map((f) => ("defaultValue" in f.config ? f.config.defaultValue : null))).toEqual([
      "0.3",
      "'2026-01-31'",
      "3",
    ]);
    expect(form.fields[1]?.config).toMatchObject({ options: ["2026-01-31", "Two"] });
  });

  it("a logical cell is TRUE or FALSE, so required and acknowledge defaults read it", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "required"],
        ["text", "t", "T", true],
        ["text", "u", "U", false],
      ],
    });
    expect(form.fields.map((f) => ("required" in f.config ? f.config.required : null))).toEqual([true, false]);
  });
});

describe("older spellings pyxform still accepts", () => {
  it.each([
    ["select one from list", "single_choice"],
    ["select one list", "single_choice"],
    ["select1 list", "single_choice"],
    ["select multiple from list", "multiple_choice"],
    ["select all that apply from list", "multiple_choice"],
    ["select_multiple list", "multiple_choice"],
    ["add select one prompt using list", "single_choice"],
    ["phone number", "phone"],
    ["q int", "number"],
    ["int", "number"],
    ["string", "text"],
    ["add text prompt", "text"],
    ["location", "gps"],
    ["gps", "gps"],
    ["photo", "photo"],
    ["q picture", "photo"],
    ["date time", "datetime"],
    ["add note prompt", "note"],
    ["trigger", "acknowledge"],
  ])("type %s → %s", async (type, fieldType) => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        [type, "q", "Q"],
      ],
      choices: ONE_LIST,
    });
    expect(form.fields[0]).toMatchObject({ fieldType, name: "q" });
  });

  it.each([
    ["get start time", "start"],
    ["start time", "start"],
    ["end time", "end"],
    ["get end time", "end"],
    ["get today", "today"],
    ["imei", "deviceid"],
    ["device id", "deviceid"],
    ["uri:username", "username"],
  ])("metadata %s is kept as the metadata kind %s", async (type, kind) => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        [type, "m", null],
        ["text", "t", "T"],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.fieldType])).toEqual([
      ["m", "metadata"],
      ["t", "text"],
    ]);
    expect(form.fields[0]?.config).toMatchObject({ kind });
  });

  it.each(["sim id", "subscriber id", "get phone number", "phonenumber", "caseid", "speed_violations_count"])(
    "metadata %s is left out with a notice",
    async (type) => {
      const result = await importSheets({
        survey: [
          ["type", "name", "label"],
          [type, "m", null],
          ["text", "t", "T"],
        ],
      });
      expect(result.ok && result.form.fields.map((f) => f.name)).toEqual(["t"]);
      expect(result.ok && result.notes).toEqual([
        { sheet: "survey", row: 2, column: "type", key: "xlsform:issues.metadataDropped", params: { type } },
      ]);
    },
  );

  it("reads SurveyCTO's text_audit as the audit of time per question, calculate_here as a calculation", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "calculation"],
        ["text_audit", "ta", null, null],
        ["calculate_here", "c", null, "1 + 1"],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.fieldType, f.config])).toEqual([
      ["ta", "metadata", expect.objectContaining({ kind: "audit" })],
      ["c", "calculation", expect.objectContaining({ calculation: "1 + 1" })],
    ]);
  });

  it("begin looped group / end looped group is a repeat", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        ["begin looped group", "r", "R"],
        ["text", "a", "A"],
        ["end looped group", null, null],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.fieldType, f.parentName])).toEqual([
      ["r", "repeat", null],
      ["a", "text", "r"],
    ]);
  });

  it("reads old column names: caption, jr:constraintMsg, bind::, control:: and media:: prefixes", async () => {
    const form = await importedForm({
      survey: [
        [
          "type",
          "name",
          "caption",
          "caption::Español (es)",
          "hint::Español (es)",
          "bind::relevant",
          "bind::jr:constraintMsg",
          "constraint",
          "bind::calculate",
          "control::appearance",
          "media::image",
          "bind::required",
        ],
        ["integer", "n", "Number", "Número", "Pista", null, "Too big", ". < 10", null, null, "n.png", "yes"],
        ["text", "t", "Text", null, null, "${n} > 1", null, null, null, "multiline", null, null],
        ["calculate", "c", null, null, null, null, null, null, "${n} * 2", null, null, null],
      ],
      Settings: [["form_title"], ["Old spellings"]],
    });
    expect(form.name).toBe("Old spellings");
    expect(form.fields[0]).toMatchObject({
      label: "Number",
      config: {
        required: true,
        constraint: ". < 10",
        constraintMessage: "Too big",
        translations: { es: { label: "Número", description: "Pista" } },
      },
    });
    expect(form.fields[1]).toMatchObject({ config: { relevant: "${n} > 1", format: "textarea" } });
    expect(form.fields[2]).toMatchObject({ config: { calculation: "${n} * 2" } });
  });

  it("reads relevance, calculate, jr:requiredMsg and jr:count under their old names", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "relevance", "calculate", "required", "jr:requiredMsg", "jr:count"],
        ["begin repeat", "r", "R", null, null, null, null, "2"],
        ["integer", "n", "N", null, null, "yes", "Needed", null],
        ["end repeat", null, null, null, null, null, null, null],
        ["calculate", "c", null, "count(${r}) > 0", "count(${r})", null, null, null],
      ],
    });
    expect(form.fields.map((f) => f.config)).toMatchObject([
      { minCount: 2, maxCount: 2 },
      { required: true, requiredMessage: "Needed" },
      { relevant: "count(${r}) > 0", calculation: "count(${r})" },
    ]);
  });

  it("reads choices under list name / value / caption", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        ["select_one colours", "c", "Colour"],
      ],
      choices: [
        ["list name", "value", "caption"],
        ["colours", "r", "Red"],
        ["colours", "g", "Green"],
      ],
    });
    expect(form.fields[0]?.config).toMatchObject({ options: ["Red", "Green"] });
  });
});
