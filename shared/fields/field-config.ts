import { z } from "zod";
import { EXPRESSION_MAX } from "../expressions/index.ts";
import { analyzeForm } from "../forms/analyze-form.ts";
import { TABLE_FILE_NAME_PATTERN } from "../form-files/form-files.ts";
import { safeString } from "../text/safe-text.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { APPEARANCE_MAX, OTHER_OPTION } from "./appearances.ts";
import { issueToFieldError, type PathedFieldError } from "./field-errors.ts";
import {
  OPTION_PROPERTY_SETS_MAX,
  propertySetsOf,
  type OptionProperties,
  type OptionPropertyValue,
} from "./option-property-sets.ts";
import { AUDIO_CONFIG, FILE_CONFIG, VIDEO_CONFIG } from "./media-config.ts";
import { TRIGGER_CONFIG } from "./trigger-config.ts";
import { keptOptionImages, optionImagesSchema, type OptionImages } from "./option-images.ts";
import { METADATA_KINDS, RANGE_DEFAULTS, RANGE_STOPS_MAX, RANGE_STYLES, rangeStopCount } from "./question-types.ts";
import {
  CAPTURE_MODES,
  DEFAULT_CAPTURE_MODE,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_PHOTO_MAX_SIZE_MB,
  DEFAULT_TEXT_FORMAT,
  FIELD_CATEGORIES,
  FIELD_TYPE_INFO,
  isContainerType,
  NUMBER_FORMATS,
  PHOTO_MAX_SIZES_MB,
  TEXT_FORMATS,
  type FieldType,
} from "./field-types.ts";

/** Long enough for a note of instructions (real forms carry 200–450 characters); a label is one paragraph, not a page. */
export const FIELD_LABEL_MAX = 2000;
/**
 * A hint continues its label (a consent text split over label and hint: hotosm's slum assessment, 1,205).
 * @alias the label's limit, on purpose
 */
export const FIELD_DESCRIPTION_MAX = FIELD_LABEL_MAX;
export const OPTION_MAX_LENGTH = 200;
/** An option property may be a paragraph of notes (pyxform tutorial.xls); only filters compare them. */
export const OPTION_PROPERTY_MAX_LENGTH = 1000;
/** Lists as long as ODK teams use (municipalities, health facilities); the phone filters them as one types. */
export const OPTIONS_MAX = 10_000;
export const APP_NAME_MAX = 120;
export const APP_DESCRIPTION_MAX = 1000;
export const FIELDS_MAX = 1000;
export { EXPRESSION_MAX };
export const FIELD_NAME_MAX = 64;
export const REPEAT_COUNT_MAX = 500;
/** Containers inside containers a field may sit in (household → member → visit is 3). */
export const NESTING_DEPTH_MAX = 8;

/** A field's key in expressions (`${name}`) and XLSForm: a letter or _, then letters, digits or _. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The designer gives new fields an id `field-…` until the server stores them under a uuid. */
export const TEMPORARY_FIELD_ID_PREFIX = "field-";
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TEMPORARY_ID_PATTERN = /^field-[A-Za-z0-9_-]{1,64}$/;

export function isTemporaryFieldId(id: string): boolean {
  return TEMPORARY_ID_PATTERN.test(id);
}

const fieldIdSchema = z
  .string({ error: "invalidFieldId" })
  .refine((id) => UUID_PATTERN.test(id) || isTemporaryFieldId(id), { error: "invalidFieldId" });

const labelSchema = safeString({ error: "labelRequired" })
  .trim()
  .min(1, "labelRequired")
  .max(FIELD_LABEL_MAX, "labelTooLong");

const descriptionSchema = safeString().trim().max(FIELD_DESCRIPTION_MAX, "descriptionTooLong").optional();

const fieldNameSchema = z
  .string({ error: "invalidFieldName" })
  .trim()
  .regex(FIELD_NAME_PATTERN, { error: "invalidFieldName" });

/** An expression in Campo's language (shared/expressions); blank means none. Its meaning is checked per form. */
const expressionSchema = safeString()
  .trim()
  .max(EXPRESSION_MAX, "expressionTooLong")
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** A message shown instead of the default one (a broken constraint, a missing required answer). */
const customMessageSchema = safeString()
  .trim()
  .max(FIELD_DESCRIPTION_MAX, "descriptionTooLong")
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** Texts in other languages (XLSForm `label::English (en)`); the UI language's text wins over the stored one. */
const translationsSchema = z
  .partialRecord(
    z.enum(["pt-BR", "en", "es"]),
    z.object({
      label: safeString().trim().max(FIELD_LABEL_MAX, "labelTooLong").optional(),
      description: safeString().trim().max(FIELD_DESCRIPTION_MAX, "descriptionTooLong").optional(),
      constraintMessage: customMessageSchema,
      requiredMessage: customMessageSchema,
      /** Option labels in this language, keyed by the option as stored (`label::English (en)` of the choices). */
      options: z.record(z.string(), safeString().trim().max(OPTION_MAX_LENGTH, "optionTooLong")).optional(),
    }),
  )
  .optional();

/** XLSForm appearance words as written (shared/fields/appearances.ts draws the known ones, keeps the rest). */
const appearanceSchema = safeString()
  .trim()
  .max(APPEARANCE_MAX, "appearanceTooLong")
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** Options compare case-insensitively: "Sim" and "sim" would look like one choice to a collector. */
function optionIdentity(option: string): string {
  return option.trim().toLowerCase();
}

function hasDistinctOptions(options: readonly string[]): boolean {
  return new Set(options.map(optionIdentity)).size === options.length;
}

const optionsSchema = z
  .array(safeString().trim().min(1, "optionEmpty").max(OPTION_MAX_LENGTH, "optionTooLong"), {
    error: "optionsRequired",
  })
  .max(OPTIONS_MAX, "tooManyOptions")
  .refine(hasDistinctOptions, { error: "duplicateOption" });

const choicesFileSchema = z.string().regex(TABLE_FILE_NAME_PATTERN, "invalidChoicesFile").optional();

/** The designer's rule for typed options: trim, ignore empties, ignore repeats (pasted lines count one each). */
export function normalizeOptions(input: string | readonly string[]): string[] {
  const candidates = typeof input === "string" ? input.split(/\r?\n/) : input;
  const seen = new Set<string>();
  const result: string[] = [];
  for (const candidate of candidates) {
    const option = candidate.trim();
    if (option === "" || seen.has(optionIdentity(option))) continue;
    seen.add(optionIdentity(option));
    result.push(option);
  }
  return result;
}

/** What every field may carry: help text, translations and when it is shown ("Mostrar quando"). */
const displayConfig = {
  description: descriptionSchema,
  relevant: expressionSchema,
  translations: translationsSchema,
  appearance: appearanceSchema,
};

/** An answered field: required, its own constraint (rule + message) and a default value (an expression). */
const baseConfig = {
  ...displayConfig,
  required: z.boolean().default(false),
  /** With `required`: the answer is required only while this holds (XLSForm's `required` as an expression). */
  requiredWhen: expressionSchema,
  requiredMessage: customMessageSchema,
  constraint: expressionSchema,
  constraintMessage: customMessageSchema,
  defaultValue: expressionSchema,
  ...TRIGGER_CONFIG,
};

/** A cleared bound arrives as null from form inputs; it means "no bound". */
const optionalBound = z
  .number()
  .nullish()
  .transform((value) => value ?? undefined);

const plainConfigSchema = z.object(baseConfig);

const textConfigSchema = z.object({
  ...baseConfig,
  format: z.enum(TEXT_FORMATS).default(DEFAULT_TEXT_FORMAT),
});

const numberConfigSchema = z
  .object({
    ...baseConfig,
    format: z.enum(NUMBER_FORMATS).default(DEFAULT_NUMBER_FORMAT),
    minValue: optionalBound,
    maxValue: optionalBound,
  })
  .refine(
    (config) => config.minValue === undefined || config.maxValue === undefined || config.minValue <= config.maxValue,
    {
      error: "minGreaterThanMax",
      path: ["maxValue"],
    },
  );

/** Option property names read in a choice filter; `name` and `label` are the option itself (as XLSForm's columns). */
export const OPTION_PROPERTY_RESERVED = ["name", "label"] as const;
export const OPTION_PROPERTIES_MAX = 10;

function isOptionPropertyName(name: string): boolean {
  return FIELD_NAME_PATTERN.test(name) && !(OPTION_PROPERTY_RESERVED as readonly string[]).includes(name.toLowerCase());
}

const optionPropertySetSchema = z
  .record(z.string(), safeString().trim().max(OPTION_PROPERTY_MAX_LENGTH, "optionPropertyTooLong"))
  .refine((properties) => Object.keys(properties).every(isOptionPropertyName), { error: "invalidOptionProperty" })
  .refine((properties) => Object.keys(properties).length <= OPTION_PROPERTIES_MAX, {
    error: "tooManyOptionProperties",
  });

/**
 * Extra properties per option (XLSForm's choices columns, e.g. the `state` of each city), keyed by option, or
 * several sets of them for an option under several parents (option-property-sets.ts). Only a choice filter reads
 * them. Entries of options the field no longer has are dropped, and so are empty values and sets.
 */
const optionPropertiesSchema = z
  .record(
    z.string(),
    z.union([
      optionPropertySetSchema,
      z.array(optionPropertySetSchema).max(OPTION_PROPERTY_SETS_MAX, "tooManyOptionProperties"),
    ]),
  )
  .optional();

/** The filled values of an option's sets; one set stays a plain object, none drops the option's entry. */
function filledSets(value: OptionPropertyValue): OptionPropertyValue | undefined {
  const sets = propertySetsOf(value)
    .map((properties) => Object.fromEntries(Object.entries(properties).filter(([, text]) => text !== "")))
    .filter((properties) => Object.keys(properties).length > 0);
  return sets.length > 1 ? sets : sets[0];
}

const choiceConfigSchema = z
  .object({
    ...baseConfig,
    options: optionsSchema,
    optionProperties: optionPropertiesSchema,
    /** The attached image each option shows (XLSForm's choices `image`): option-images.ts. */
    optionImages: optionImagesSchema,
    /** Which options are offered, evaluated per option (`state = ${state}`): shared/forms/choice-filter.ts. */
    choiceFilter: expressionSchema,
    /** ODK's `or_other`: an "Outro" option stored as `other`, its text in the `<name>_other` field. */
    orOther: z.boolean().optional(),
    /** Options shuffled per record (XLSForm `randomize=true`); `randomSeed` names a field or a number. */
    randomize: z.boolean().optional(),
    randomSeed: z
      .string()
      .regex(/^([A-Za-z_][A-Za-z0-9_]{0,63}|\d{1,15})$/, "invalidRandomSeed")
      .optional(),
    /** Options read from an attached table instead (`select_one_from_file`): shared/forms/file-choices.ts. */
    choicesFile: choicesFileSchema,
  })
  .refine((config) => config.options.length > 0 || config.choicesFile !== undefined, {
    error: "optionsRequired",
    path: ["options"],
    params: { min: 1 },
  })
  .refine((config) => !config.orOther || !config.options.some((option) => optionIdentity(option) === OTHER_OPTION), {
    error: "otherOptionTaken",
    path: ["options"],
  })
  .transform(
    ({
      optionProperties,
      optionImages,
      ...config
    }): typeof config & { optionProperties?: OptionProperties; optionImages?: OptionImages } => {
      const kept = Object.entries(optionProperties ?? {}).flatMap(([option, properties]) => {
        const filled = filledSets(properties);
        return config.options.includes(option) && filled !== undefined ? [[option, filled] as const] : [];
      });
      const images = keptOptionImages(optionImages, config.options);
      return {
        ...config,
        ...(kept.length === 0 ? {} : { optionProperties: Object.fromEntries(kept) }),
        ...(images === undefined ? {} : { optionImages: images }),
      };
    },
  );

const photoConfigSchema = z.object({
  ...baseConfig,
  captureMode: z.enum(CAPTURE_MODES).default(DEFAULT_CAPTURE_MODE),
  maxSize: z.literal(PHOTO_MAX_SIZES_MB).default(DEFAULT_PHOTO_MAX_SIZE_MB),
});

const audioConfigSchema = z.object({ ...baseConfig, ...AUDIO_CONFIG });
const videoConfigSchema = z.object({ ...baseConfig, ...VIDEO_CONFIG });
const fileConfigSchema = z.object({ ...baseConfig, ...FILE_CONFIG });

const noteConfigSchema = z.object(displayConfig);

const calculationConfigSchema = z.object({
  ...displayConfig,
  trigger: TRIGGER_CONFIG.trigger,
  calculation: safeString({ error: "calculationRequired" })
    .trim()
    .min(1, "calculationRequired")
    .max(EXPRESSION_MAX, "expressionTooLong"),
});

const sectionConfigSchema = z.object(displayConfig);

const optionalCount = z
  .number()
  .int()
  .min(0)
  .max(REPEAT_COUNT_MAX)
  .nullish()
  .transform((value) => value ?? undefined);

const repeatConfigSchema = z
  .object({
    ...displayConfig,
    minCount: optionalCount,
    maxCount: optionalCount,
    /** XLSForm's `repeat_count` as an expression: the collect form keeps exactly that many entries. */
    repeatCount: expressionSchema,
  })
  .refine(
    (config) => config.minCount === undefined || config.maxCount === undefined || config.minCount <= config.maxCount,
    { error: "countRange", path: ["maxCount"] },
  );

/** Issue 24's question types; their answer rules are in question-type-answers.ts. */
const rangeConfigSchema = z
  .object({
    ...baseConfig,
    start: z.number().default(RANGE_DEFAULTS.start),
    end: z.number().default(RANGE_DEFAULTS.end),
    step: z.number().positive("rangeStepPositive").default(RANGE_DEFAULTS.step),
    style: z.enum(RANGE_STYLES).default("slider"),
  })
  .refine((config) => config.start !== config.end && rangeStopCount(config) <= RANGE_STOPS_MAX, {
    error: "invalidRange",
    path: ["end"],
  });

const hiddenConfigSchema = z.object({ ...displayConfig, defaultValue: expressionSchema });

const metadataConfigSchema = z.object({ ...displayConfig, kind: z.enum(METADATA_KINDS, "invalidConfig") });

/** Config schema per field type. Keys a type does not use (including the legacy `fieldLabel`) are stripped. */
export const FIELD_CONFIG_SCHEMAS = {
  text: textConfigSchema,
  number: numberConfigSchema,
  date: plainConfigSchema,
  time: plainConfigSchema,
  yes_no: plainConfigSchema,
  single_choice: choiceConfigSchema,
  multiple_choice: choiceConfigSchema,
  email: plainConfigSchema,
  phone: plainConfigSchema,
  url: plainConfigSchema,
  signature: plainConfigSchema,
  photo: photoConfigSchema,
  audio: audioConfigSchema,
  video: videoConfigSchema,
  file: fileConfigSchema,
  gps: plainConfigSchema,
  note: noteConfigSchema,
  calculation: calculationConfigSchema,
  section: sectionConfigSchema,
  repeat: repeatConfigSchema,
  datetime: plainConfigSchema,
  range: rangeConfigSchema,
  rank: choiceConfigSchema,
  acknowledge: plainConfigSchema,
  hidden: hiddenConfigSchema,
  barcode: plainConfigSchema,
  metadata: metadataConfigSchema,
  line: plainConfigSchema,
  area: plainConfigSchema,
  entity: plainConfigSchema,
} as const satisfies Record<FieldType, z.ZodType>;

export type FieldConfigByType = { [T in FieldType]: z.output<(typeof FIELD_CONFIG_SCHEMAS)[T]> };

function designedFieldOf<T extends FieldType>(type: T) {
  const category = FIELD_TYPE_INFO[type].category;
  return z.object({
    id: fieldIdSchema.optional(),
    fieldType: z.literal(type),
    label: labelSchema,
    // Missing names are made from the label when the whole form is parsed (designedFieldsSchema).
    name: fieldNameSchema.optional(),
    parentName: fieldNameSchema.nullish().transform((value) => value ?? null),
    position: z.number().int().min(0),
    // The category follows from the type; a stored or sent one is only checked to be a known category.
    category: z
      .enum(FIELD_CATEGORIES)
      .optional()
      .transform(() => category),
    // Stored configs may be null or missing: they mean "all defaults".
    config: z.preprocess((value) => value ?? {}, FIELD_CONFIG_SCHEMAS[type]),
  });
}

export const designedFieldSchema = z.discriminatedUnion(
  "fieldType",
  [
    designedFieldOf("text"),
    designedFieldOf("number"),
    designedFieldOf("date"),
    designedFieldOf("time"),
    designedFieldOf("yes_no"),
    designedFieldOf("single_choice"),
    designedFieldOf("multiple_choice"),
    designedFieldOf("email"),
    designedFieldOf("phone"),
    designedFieldOf("url"),
    designedFieldOf("signature"),
    designedFieldOf("photo"),
    designedFieldOf("audio"),
    designedFieldOf("video"),
    designedFieldOf("file"),
    designedFieldOf("gps"),
    designedFieldOf("note"),
    designedFieldOf("calculation"),
    designedFieldOf("section"),
    designedFieldOf("repeat"),
    designedFieldOf("datetime"),
    designedFieldOf("range"),
    designedFieldOf("rank"),
    designedFieldOf("acknowledge"),
    designedFieldOf("hidden"),
    designedFieldOf("barcode"),
    designedFieldOf("metadata"),
    designedFieldOf("line"),
    designedFieldOf("area"),
    designedFieldOf("entity"),
  ],
  { error: "unknownFieldType" },
);
/** A designed field once its form is parsed: every field has a name. */
export type DesignedField = z.output<typeof designedFieldSchema> & { name: string };
export type DesignedFieldInput = z.input<typeof designedFieldSchema>;

/** The part of a field that answer validation needs: any stored or designed field with an id fits. */
export type ValidatableField = {
  [T in FieldType]: { id: string; fieldType: T; config: FieldConfigByType[T] };
}[FieldType];

/** What the form logic (visibility, calculations, constraints, repeats) needs of a field. */
export type FormLogicField = ValidatableField & { name: string; parentName: string | null; label: string };

function hasDistinctFieldIds(fields: readonly { id?: string }[]): boolean {
  const ids = fields.flatMap((field) => (field.id === undefined ? [] : [field.id]));
  return new Set(ids).size === ids.length;
}

export const APPLICATION_VISIBILITIES = ["team", "specific"] as const;
export type ApplicationVisibility = (typeof APPLICATION_VISIBILITIES)[number];

/** A name made from a label: accents dropped, lower case, other characters as _, never starting with a digit. */
export function fieldNameFromLabel(label: string): string {
  const slug = label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, FIELD_NAME_MAX - 4);
  return /^[a-z_]/.test(slug) ? slug : `campo_${slug}`.replace(/_+$/, "");
}

/** The label's name, or with _2, _3… when another field already holds it. */
export function uniqueFieldName(label: string, taken: ReadonlySet<string>): string {
  const base = fieldNameFromLabel(label);
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}_${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

type ParsedField = z.output<typeof designedFieldSchema>;

/** Fields sent without a name get one from their label (older clients and hand-made API calls send none). */
function assignFieldNames(fields: ParsedField[]): DesignedField[] {
  const taken = new Set(fields.flatMap((field) => (field.name === undefined ? [] : [field.name])));
  return fields.map((field) => {
    if (field.name !== undefined) return { ...field, name: field.name };
    const name = uniqueFieldName(field.label, taken);
    taken.add(name);
    return { ...field, name };
  });
}

/** How many containers hold the field, or null when its chain of parents loops. */
function containerDepth(field: DesignedField, byName: ReadonlyMap<string, DesignedField>): number | null {
  const seen = new Set<DesignedField>([field]);
  let depth = 0;
  for (let parent = field.parentName; parent !== null; depth += 1) {
    const container = byName.get(parent.toLowerCase());
    if (!container || seen.has(container)) return container ? null : depth;
    seen.add(container);
    parent = container.parentName;
  }
  return depth;
}

/**
 * Names are unique (case-insensitively, as XLSForm tools compare them); a field's parent is a section or repeat
 * group of the same form, never itself nor one of its own descendants, at most NESTING_DEPTH_MAX containers deep.
 */
function checkFormStructure(fields: readonly DesignedField[], ctx: z.RefinementCtx): void {
  const byName = new Map<string, DesignedField>();
  fields.forEach((field, index) => {
    const key = field.name.toLowerCase();
    if (byName.has(key)) ctx.addIssue({ code: "custom", message: "duplicateFieldName", path: [index, "name"] });
    else byName.set(key, field);
  });
  fields.forEach((field, index) => {
    if (field.parentName === null) return;
    const parent = byName.get(field.parentName.toLowerCase());
    const depth = containerDepth(field, byName);
    if (!parent || !isContainerType(parent.fieldType) || parent === field || depth === null)
      ctx.addIssue({ code: "custom", message: "invalidParent", path: [index, "parentName"] });
    else if (depth > NESTING_DEPTH_MAX)
      ctx.addIssue({
        code: "custom",
        message: "nestingTooDeep",
        path: [index, "parentName"],
        params: { max: NESTING_DEPTH_MAX },
      });
  });
}

/**
 * Every expression must parse and fit the form (shared/forms analyzeForm): the issue lands on
 * `N.config.<property>` as `invalidExpression`, its params holding the `expressions` namespace key as `reason`.
 */
function checkFormLogic(fields: readonly DesignedField[], ctx: z.RefinementCtx): void {
  for (const issue of analyzeForm(fields)) {
    ctx.addIssue({
      code: "custom",
      message: "invalidExpression",
      path: [issue.index, "config", issue.property],
      params: { reason: issue.error.key, ...issue.error.params },
    });
  }
}

/** The application designer's payload (create and edit). Routes may `.extend()` it, e.g. with members. */
export const designedFieldsSchema = z
  .array(designedFieldSchema)
  .max(FIELDS_MAX, "tooManyFields")
  .refine(hasDistinctFieldIds, { error: "duplicateFieldId" })
  .transform(assignFieldNames)
  .superRefine(checkFormStructure)
  .superRefine(checkFormLogic);

export const applicationFormSchema = z.object({
  name: safeString({ error: "appNameRequired" }).trim().min(1, "appNameRequired").max(APP_NAME_MAX, "appNameTooLong"),
  description: safeString().trim().max(APP_DESCRIPTION_MAX, "descriptionTooLong").optional(),
  visibility: z.enum(APPLICATION_VISIBILITIES).default("team"),
  active: z.boolean().default(true),
  /** Collect one section per page, with next/back (phones). */
  sectionPages: z.boolean().default(false),
  /** The language of the fields' own texts (their translations hold the others); unknown for older forms. */
  language: z.enum(LANGUAGES).optional(),
  fields: designedFieldsSchema.default([]),
});
export type ApplicationForm = z.output<typeof applicationFormSchema>;
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;

/** Turns a failed parse of any schema in this folder into translatable errors with their paths. */
export function toFieldErrors(error: z.ZodError): PathedFieldError[] {
  return error.issues.map(issueToFieldError);
}

export interface IncompleteField {
  index: number;
  id?: string;
  /** Paths are relative to the field, e.g. "label" or "config.options". */
  errors: PathedFieldError[];
}

/** Fields the designer still has to fix before saving; the designer shows their count. */
export function listIncompleteFields(fields: readonly unknown[]): IncompleteField[] {
  return fields.flatMap((field, index) => {
    const result = designedFieldSchema.safeParse(field);
    if (result.success) return [];
    const id =
      typeof field === "object" && field !== null && "id" in field && typeof field.id === "string"
        ? field.id
        : undefined;
    return [{ index, ...(id === undefined ? {} : { id }), errors: toFieldErrors(result.error) }];
  });
}
