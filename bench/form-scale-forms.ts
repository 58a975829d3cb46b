import type { RawField } from "../app/components/form-fill/logic/form-values.ts";
import type { CollectField } from "../app/components/form-fill/logic/form-values.ts";
import type { FormTables } from "../shared/expressions/index.ts";
import { formTables } from "../shared/form-files/form-tables.ts";

/** How many options the filtered list holds, and how many distinct regions they are spread over. */
export const CITY_OPTIONS = 10_000;
const REGIONS = 1_000;

/**
 * A cascading select: the collector types a region code (a number field), and a 10,000-option city list offers only
 * the cities of that region (`region = ${region}`, each option carrying its `region` as an option property), then a
 * district list filtered by the chosen city. Built as the collect form holds it, past the designer's 200-option
 * limit: such lists come from attached CSV files, whose rows reach the phone as the same options and properties.
 */
export function cascadingForm(): CollectField[] {
  const cities = Array.from({ length: CITY_OPTIONS }, (_, index) => `Cidade ${index + 1}`);
  const cityProperties = Object.fromEntries(cities.map((city, index) => [city, { region: String(index % REGIONS) }]));
  const districts = cities.slice(0, 200).flatMap((city) => [`${city} Norte`, `${city} Sul`]);
  const districtProperties = Object.fromEntries(
    districts.map((district) => [district, { city: district.replace(/ (Norte|Sul)$/, "") }]),
  );
  const base = { parentName: null, config: {} };
  return [
    {
      ...base,
      id: "region",
      name: "region",
      label: "Região",
      position: 0,
      fieldType: "number",
      config: { format: "integer", required: false },
    },
    {
      ...base,
      id: "city",
      name: "city",
      label: "Cidade",
      position: 1,
      fieldType: "single_choice",
      config: {
        required: false,
        options: cities,
        optionProperties: cityProperties,
        choiceFilter: "region = ${region}",
      },
    },
    {
      ...base,
      id: "district",
      name: "district",
      label: "Bairro",
      position: 2,
      fieldType: "single_choice",
      config: {
        required: false,
        options: districts,
        optionProperties: districtProperties,
        choiceFilter: "city = ${city}",
      },
    },
    {
      ...base,
      id: "notes",
      name: "notes",
      label: "Observações",
      position: 3,
      fieldType: "text",
      config: { required: false, format: "plain", relevant: "${city} != ''" },
    },
  ] as CollectField[];
}

/**
 * The same cascade as `select_one_from_file` holds it: a number field typed by the collector and a city question
 * reading its options from a 10,000-row attached CSV (`name,label,region`), filtered by `region = ${region}` over the
 * file's columns, as the phone keeps the file (rows parsed once, column indexes built on first use).
 */
export function cascadingFileForm(): { fields: RawField[]; tables: FormTables } {
  const rows = Array.from({ length: CITY_OPTIONS }, (_, index) => [
    `c${index + 1}`,
    `Cidade ${index + 1}`,
    String(index % REGIONS),
  ]);
  const city = { options: [], choicesFile: "cities.csv", choiceFilter: "region = ${region}" };
  return {
    fields: [
      {
        id: "region",
        name: "region",
        fieldType: "number",
        label: "Região",
        position: 0,
        config: '{"format":"integer"}',
      },
      {
        id: "city",
        name: "city",
        fieldType: "single_choice",
        label: "Cidade",
        position: 1,
        config: JSON.stringify(city),
      },
    ],
    tables: formTables([{ name: "cities.csv", data: { columns: ["name", "label", "region"], rows } }]),
  };
}

/** The region codes typed one character at a time: "1", "12", "123", then the next code. */
export function typedRegions(keystrokes: number): string[] {
  const typed: string[] = [];
  for (let code = 1; typed.length < keystrokes; code += 7) {
    const text = String(code % REGIONS);
    for (let length = 1; length <= text.length && typed.length < keystrokes; length += 1)
      typed.push(text.slice(0, length));
  }
  return typed;
}

export const QUESTIONS = 1_000;

/**
 * A 1,000-question form as the server sends it (configs as JSON, as spec 001 §3 allows): texts, numbers with bounds,
 * choices, dates, one in five shown only when an earlier answer says so, one in ten with a constraint, and a total.
 */
export function thousandQuestions(): RawField[] {
  const fields: RawField[] = [];
  for (let index = 0; index < QUESTIONS; index += 1) {
    const kind = index % 5;
    const config: Record<string, unknown> = {};
    if (index % 5 === 4) config.relevant = `\${q${index - 4}} > ${index % 3}`;
    if (index % 10 === 3) config.constraint = ". != 'x'";
    const fieldType = ["number", "text", "single_choice", "date", "text"][kind] ?? "text";
    if (fieldType === "number") Object.assign(config, { format: "integer", minValue: 0, maxValue: 1000 });
    if (fieldType === "single_choice") config.options = ["Sim", "Não", "Talvez", "Não sabe"];
    fields.push({
      id: `q${index}`,
      name: `q${index}`,
      fieldType,
      label: `Pergunta ${index + 1}`,
      position: index,
      config: JSON.stringify(config),
    });
  }
  fields.push({
    id: "total",
    name: "total",
    fieldType: "calculation",
    label: "Total",
    position: QUESTIONS,
    config: JSON.stringify({ calculation: "${q0} + ${q5} + ${q10}" }),
  });
  return fields;
}
