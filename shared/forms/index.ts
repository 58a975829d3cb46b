/**
 * Form logic over Campo's expression language (shared/expressions): relevance, constraints, calculations, defaults,
 * sections and repeats. The designer, the collect form and the server all run these same rules.
 *
 * - `analyzeForm(fields)` → issues placed on a field (index) and property (`relevant`, `constraint`, `calculation`,
 *   `defaultValue`, `choiceFilter`); `designedFieldsSchema` refuses a form that has any.
 * - `evaluateForm(fields, answers, { now })` → what is shown (by answer key), calculation values, failed
 *   constraints and the options each filtered choice field offers, for live feedback while collecting.
 * - `initialAnswers(fields)` / `newRepeatEntry(fields, repeatId, answers)` → defaults for a new record / entry.
 * - `validateRecord(fields, answers, { now, retiredFieldIds })` → the answers to store and the field errors, keyed
 *   `fieldId` or `repeatId.index.childId` (`outer.0.inner.1.childId` in nested repeats), with the entry caps of
 *   entry-caps.ts.
 * - `fieldText(field, language)` → label, description and messages in the UI language.
 */
export { analyzeForm } from "./analyze-form.ts";
export { answerSlots } from "./answer-slots.ts";
export { RECORD_ENTRIES_MAX } from "./entry-caps.ts";
export { evaluateForm } from "./evaluate-form.ts";
export { initialAnswers, newRepeatEntry } from "./form-defaults.ts";
export { EXPRESSION_PROPERTIES, type DraftLogicField } from "./form-model.ts";
export { fieldText } from "./field-text.ts";
export { recordClock } from "./record-clock.ts";
export { validateRecord, type RecordValidation } from "./validate-record.ts";
