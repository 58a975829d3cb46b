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
import { evaluateLive } from "../app/components/form-fill/logic/record-rules.ts";
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

/** Resolves on the first frame in which `ready()` holds. */
function frameWhen(ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (ready() ? setTimeout(resolve) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
}

export interface Drawing {
  /** To the first frame after React committed the form (its first screenful). */
  interactiveMs: number;
  /** To the frame in which every question is on the page. */
  completeMs: number;
  /** The longest task on the main thread meanwhile: how long a tap could wait. */
  longestTaskMs: number;
  /** The questions and blocks shown (those hidden by their conditions are not drawn). */
  blocks: number;
}

async function draw(): Promise<Drawing> {
  await texts;
  drawnRoot?.unmount();
  const host = document.createElement("div");
  document.body.replaceChildren(host);
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((task) => task.duration)));
  observer.observe({ type: "longtask" });
  const started = performance.now();
  let committed: () => void = () => undefined;
  const firstCommit = new Promise<void>((resolve) => (committed = resolve));
  const shape = formShape(toCollectFields(thousandQuestions()));
  const live = evaluateLive(shape, {}, new Date());
  const expected = shape.nodes.filter((node) => live.view.isVisible(node.field.id)).length;
  drawnRoot = createRoot(host);
  drawnRoot.render(<Form shape={shape} onDrawn={committed} />);
  await firstCommit;
  await frameWhen(() => true);
  const interactiveMs = performance.now() - started;
  await frameWhen(() => host.querySelectorAll("[data-field-id]").length >= expected);
  const completeMs = performance.now() - started;
  observer.disconnect();
  return { interactiveMs, completeMs, longestTaskMs: Math.max(0, ...tasks), blocks: expected };
}

Object.assign(globalThis, { campoFormRender: { draw } });
