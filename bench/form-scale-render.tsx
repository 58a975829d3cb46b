/**
 * Runs inside Chromium (bundled by bench/form-scale.ts): the 1,000-question form drawn by the collect form's own
 * React blocks, from the form as the server sends it to the first frame after React has committed it.
 */
import i18n from "i18next";
import { useEffect } from "react";
import { initReactI18next } from "react-i18next";
import { createRoot, type Root } from "react-dom/client";
import { FormNodes } from "../app/components/form-fill/blocks/form-nodes.tsx";
import { useFormFill } from "../app/components/form-fill/blocks/use-form-fill.ts";
import { formShape, type FormShape } from "../app/components/form-fill/logic/form-structure.ts";
import { toCollectFields } from "../app/components/form-fill/logic/form-values.ts";
import collect from "../shared/i18n/locales/pt-BR/collect.json";
import common from "../shared/i18n/locales/pt-BR/common.json";
import fields from "../shared/i18n/locales/pt-BR/fields.json";
import { thousandQuestions } from "./form-scale-forms.ts";

/** The texts the form's blocks read, in the default language (the app loads them before any form is shown). */
const texts = i18n
  .use(initReactI18next)
  .init({ lng: "pt-BR", resources: { "pt-BR": { collect, common, fields } }, defaultNS: "common" });

function Form({ shape, onDrawn }: { shape: FormShape; onDrawn: () => void }) {
  const { bindings } = useFormFill(shape, () => ({}));
  useEffect(() => {
    onDrawn();
  }, [onDrawn]);
  return <FormNodes nodes={shape.nodes} bindings={bindings} />;
}

let drawnRoot: Root | undefined;

async function draw(): Promise<{ ms: number; inputs: number }> {
  await texts;
  drawnRoot?.unmount();
  const host = document.createElement("div");
  document.body.replaceChildren(host);
  const started = performance.now();
  return new Promise((resolve) => {
    const shape = formShape(toCollectFields(thousandQuestions()));
    const drawn = () =>
      requestAnimationFrame(() =>
        setTimeout(() =>
          resolve({ ms: performance.now() - started, inputs: host.querySelectorAll("input, select, button").length }),
        ),
      );
    drawnRoot = createRoot(host);
    drawnRoot.render(<Form shape={shape} onDrawn={drawn} />);
  });
}

Object.assign(globalThis, { campoFormRender: { draw } });
