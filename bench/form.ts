/**
 * `npm run bench -- form [--keystrokes N]`: the collect form's per-keystroke work on a large form — a 200-field form
 * with 50 show-when conditions, 10 calculations, 20 constraints and a 30-entry repeat (5 children per entry). Each
 * keystroke changes one answer and re-runs `evaluateForm` (visibility, calculations, constraints of every field and
 * entry); saving runs `validateRecord` once. Rendering is the collect screen's and is not part of this figure.
 *
 * Phone profile: the measured time multiplied by CPU_THROTTLE (4, Lighthouse's mobile CPU slowdown), since a
 * throttled browser is not at hand here. The target is keystroke_p95_ms under 16 (one frame).
 */
import { designedFieldSchema, type FormLogicField } from "../shared/fields/field-config.ts";
import { evaluateForm, validateRecord } from "../shared/forms/index.ts";
import { printScale, runScale } from "./form-scale.ts";

const CPU_THROTTLE = 4;
const REPEAT_ENTRIES = 30;
const NOW = { now: new Date("2026-05-01T12:00:00Z"), utcOffsetMinutes: -180 };

interface Spec {
  name: string;
  fieldType: FormLogicField["fieldType"];
  parentName?: string;
  config?: Record<string, unknown>;
}

/** 200 fields: 150 top-level answers and calculations, a repeat with 5 children, the rest in 4 sections. */
function benchForm(): FormLogicField[] {
  const specs: Spec[] = [];
  for (let index = 0; index < 120; index += 1) {
    const name = `q${index}`;
    const config: Record<string, unknown> = {};
    if (index > 0 && index % 2 === 0 && index <= 88)
      config.relevant = `\${q${index - 1}} != '' and \${q0} > ${index % 7}`;
    if (index % 6 === 1) config.constraint = `. >= 0 and . < 1000`;
    specs.push({ name, fieldType: index % 3 === 0 || index % 6 === 1 ? "number" : "text", config });
  }
  for (let index = 0; index < 10; index += 1)
    specs.push({
      name: `c${index}`,
      fieldType: "calculation",
      config: { calculation: `\${q${index * 6}} * 2 + ${index}` },
    });
  for (let section = 0; section < 4; section += 1) {
    specs.push({ name: `s${section}`, fieldType: "section", config: { relevant: `\${q${section * 3}} != ''` } });
    for (let child = 0; child < 14; child += 1)
      specs.push({ name: `s${section}_${child}`, fieldType: "text", parentName: `s${section}` });
  }
  specs.push({ name: "arvores", fieldType: "repeat", config: { minCount: 1, maxCount: 50 } });
  specs.push({ name: "altura", fieldType: "number", parentName: "arvores", config: { constraint: ". > 0" } });
  specs.push({ name: "dap", fieldType: "number", parentName: "arvores", config: { relevant: "${altura} > 2" } });
  specs.push({ name: "especie", fieldType: "text", parentName: "arvores" });
  specs.push({
    name: "grande",
    fieldType: "calculation",
    parentName: "arvores",
    config: { calculation: "if(${altura} > 10, 'sim', 'não')" },
  });
  specs.push({ name: "nota", fieldType: "text", parentName: "arvores", config: { relevant: "${grande} = 'sim'" } });
  specs.push({ name: "total_altura", fieldType: "calculation", config: { calculation: "sum(${altura})" } });
  specs.push({ name: "n_arvores", fieldType: "calculation", config: { calculation: "count(${arvores})" } });
  while (specs.length < 200) specs.push({ name: `extra${specs.length}`, fieldType: "text" });
  return specs.map((spec, position) => ({
    ...designedFieldSchema.parse({ ...spec, label: spec.name, parentName: spec.parentName ?? null, position }),
    id: spec.name,
    name: spec.name,
  }));
}

function benchAnswers(): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (let index = 0; index < 120; index += 1)
    answers[`q${index}`] = index % 3 === 0 || index % 6 === 1 ? index : `resposta ${index}`;
  answers.arvores = Array.from({ length: REPEAT_ENTRIES }, (_, entry) => ({
    altura: 1 + (entry % 15),
    dap: 10 + entry,
    especie: `espécie ${entry}`,
  }));
  return answers;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export async function run(args: string[]): Promise<void> {
  const flag = args.indexOf("--keystrokes");
  const keystrokes = flag >= 0 ? Number(args[flag + 1]) : 1000;
  const fields = benchForm();
  const conditions = fields.filter((field) => "relevant" in field.config && field.config.relevant).length;
  const answers = benchAnswers();
  // Warm-up: JIT and the form model's one-time parse, as a collector opening the form pays it once.
  for (let index = 0; index < 50; index += 1) evaluateForm(fields, answers, NOW);

  const times: number[] = [];
  let text = "";
  for (let index = 0; index < keystrokes; index += 1) {
    text = index % 20 === 0 ? "" : text + "a";
    const changed = { ...answers, q5: text, q0: index % 9 };
    const started = performance.now();
    evaluateForm(fields, changed, NOW);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const saveStarted = performance.now();
  const validation = validateRecord(fields, answers, NOW);
  const saveMs = performance.now() - saveStarted;

  const figures = {
    benchmark: "form",
    fields: fields.length,
    conditions,
    repeat_entries: REPEAT_ENTRIES,
    keystrokes,
    cpu_throttle: CPU_THROTTLE,
    measured_p50_ms: round(percentile(times, 0.5)),
    measured_p95_ms: round(percentile(times, 0.95)),
    keystroke_p50_ms: round(percentile(times, 0.5) * CPU_THROTTLE),
    keystroke_p95_ms: round(percentile(times, 0.95) * CPU_THROTTLE),
    save_validate_ms: round(saveMs * CPU_THROTTLE),
    record_valid: validation.valid,
  };
  const scale = await runScale(Math.min(keystrokes, 500));
  console.log(`form: ${fields.length} fields, ${conditions} conditions, a ${REPEAT_ENTRIES}-entry repeat`);
  console.log(
    `keystrokes: ${keystrokes}, measured p50 ${figures.measured_p50_ms} ms, p95 ${figures.measured_p95_ms} ms`,
  );
  console.log(
    `phone profile (×${CPU_THROTTLE}): p50 ${figures.keystroke_p50_ms} ms, p95 ${figures.keystroke_p95_ms} ms`,
  );
  console.log(`validateRecord on save (×${CPU_THROTTLE}): ${figures.save_validate_ms} ms`);
  printScale(scale);
  console.log(JSON.stringify({ ...figures, ...scale }));
}
