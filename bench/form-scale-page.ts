/**
 * Runs inside Chromium (bundled by bench/form-scale.ts): the collect form's own logic — the same functions the
 * collect screen calls on load and on every change — timed with the page's clock.
 */
import { formShape } from "../app/components/form-fill/logic/form-structure.ts";
import { toCollectFields, type FormValues } from "../app/components/form-fill/logic/form-values.ts";
import { evaluateLive, withOfferedChoices } from "../app/components/form-fill/logic/record-rules.ts";
import { cascadingFileForm, cascadingForm, thousandQuestions, typedRegions } from "./form-scale-forms.ts";

const NOW = new Date("2026-05-01T12:00:00Z");

/** One change as the collect form handles it: settle the choices filters withdraw, then evaluate for the view. */
function change(shape: ReturnType<typeof formShape>, values: FormValues) {
  const settled = withOfferedChoices(shape, values, NOW);
  return { settled, logic: evaluateLive(shape, settled, NOW) };
}

/** Where the filtered list's options come from: written in the form, or rows of an attached CSV. */
type ListSource = "inline" | "file";

function cascade(source: ListSource): { shape: ReturnType<typeof formShape>; values: FormValues } {
  if (source === "inline")
    return {
      shape: formShape(cascadingForm()),
      values: { region: null, city: "Cidade 2", district: null, notes: null },
    };
  const { fields, tables } = cascadingFileForm();
  return { shape: formShape(toCollectFields(fields), tables), values: { region: null, city: "c2" } };
}

function keystrokes(count: number, source: ListSource): { times: number[]; offered: number } {
  const { shape, values: initial } = cascade(source);
  let values = initial;
  for (let warm = 0; warm < 10; warm += 1) change(shape, { ...values, region: String(warm) });
  const times: number[] = [];
  let offered = 0;
  for (const typed of typedRegions(count)) {
    const started = performance.now();
    const { settled, logic } = change(shape, { ...values, region: typed });
    offered = logic.view.offeredOptions("city")?.length ?? 0;
    times.push(performance.now() - started);
    values = settled;
  }
  return { times, offered };
}

/** From the form as the server sends it to the first evaluation the screen renders with. */
function interactive(): { ms: number; fields: number } {
  const raw = thousandQuestions();
  const started = performance.now();
  const shape = formShape(toCollectFields(raw));
  evaluateLive(shape, {}, NOW);
  return { ms: performance.now() - started, fields: shape.fields.length };
}

Object.assign(globalThis, { campoFormBench: { keystrokes, interactive } });
