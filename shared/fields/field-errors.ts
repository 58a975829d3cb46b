import type { z } from "zod";

/**
 * Every error the field rules can produce, as a key of the `fields` translation namespace. The web renders
 * `t(\`fields:${error.key}\`, error.params)`; the server sends the same objects in its responses.
 */
export const FIELD_ERROR_KEYS = [
  // answers (collect form and sync endpoint)
  "required",
  "selectYesNo",
  "invalidValue",
  "invalidNumber",
  "invalidNumberField",
  "integerRequired",
  "numberRange",
  "numberMin",
  "numberMax",
  "numberRangeField",
  "numberMinField",
  "numberMaxField",
  "invalidEmail",
  "invalidPhone",
  "invalidUrl",
  "invalidDate",
  "invalidTime",
  "invalidOption",
  "invalidAttachment",
  "mediaTooLarge",
  "mediaTooLong",
  "mediaTypeNotAccepted",
  "fileTypeNotAccepted",
  "invalidLocation",
  "unknownField",
  "invalidAnswers",
  "answersTooLarge",
  "evaluationTimeout",
  "invalidCharacters",
  "invalidDateTime",
  "rangeOutside",
  "rangeOffStep",
  "invalidRank",
  "acknowledgeRequired",
  // line and area answers (shared/geo/geometry-answer.ts)
  "invalidGeometry",
  "coordinatesOutOfRange",
  "geometryTooFewPoints",
  "geometryTooManyPoints",
  "areaNotClosed",
  "areaSelfIntersects",
  // form logic (shared/forms): constraints, custom messages, repeat counts
  "constraintFailed",
  "customMessage",
  "repeatMinCount",
  "repeatMaxCount",
  "tooManyEntries",
  "optionNotOffered",
  // designer (field configuration and the application form)
  "unknownFieldType",
  "invalidFieldId",
  "labelRequired",
  "labelTooLong",
  "descriptionTooLong",
  "optionsRequired",
  "optionEmpty",
  "optionTooLong",
  "optionPropertyTooLong",
  "tooManyOptions",
  "duplicateOption",
  "invalidOptionProperty",
  "tooManyOptionProperties",
  "invalidChoicesFile",
  "invalidOptionImage",
  "minGreaterThanMax",
  "invalidConfig",
  "appearanceTooLong",
  "invalidRandomSeed",
  "otherOptionTaken",
  "invalidMonthYear",
  "invalidYear",
  "appNameRequired",
  "appNameTooLong",
  "tooManyFields",
  "duplicateFieldId",
  "duplicateFieldName",
  "invalidFieldName",
  "invalidParent",
  "nestingTooDeep",
  "calculationRequired",
  "invalidTrigger",
  "countRange",
  "expressionTooLong",
  "invalidExpression",
  "invalidAcceptEntry",
  "invalidRange",
  "rangeStepPositive",
] as const;
export type FieldErrorKey = (typeof FIELD_ERROR_KEYS)[number];

export interface FieldError {
  key: FieldErrorKey;
  params?: Record<string, string | number>;
}

/** A designer/config error located inside the submitted object, e.g. path "fields.2.config.options". */
export interface PathedFieldError extends FieldError {
  path: string;
}

function isFieldErrorKey(value: string): value is FieldErrorKey {
  return (FIELD_ERROR_KEYS as readonly string[]).includes(value);
}

/** The string and number params a custom issue carries (e.g. an expression problem's `reason` and `field`). */
function textParams(params: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string | number] =>
      ["string", "number"].includes(typeof entry[1]),
    ),
  );
}

/**
 * Schemas in this folder set each issue's message to a FieldErrorKey; anything zod reports on its own
 * (a wrong primitive type, an unknown enum value) becomes the generic `invalidConfig`.
 */
export function issueToFieldError(issue: z.core.$ZodIssue): PathedFieldError {
  const key = isFieldErrorKey(issue.message) ? issue.message : "invalidConfig";
  const path = issue.path.map(String).join(".");
  if (issue.code === "too_big") return { key, path, params: { max: Number(issue.maximum) } };
  if (issue.code === "too_small") return { key, path, params: { min: Number(issue.minimum) } };
  if (issue.code === "custom" && issue.params !== undefined) return { key, path, params: textParams(issue.params) };
  return { key, path };
}
