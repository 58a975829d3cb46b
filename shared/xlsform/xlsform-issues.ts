/** What an XLSForm import can find wrong, as keys of the `xlsform` translation namespace (`issues.<key>`). */
export const XLSFORM_ISSUE_KEYS = [
  "unreadableFile",
  "tooLarge",
  "missingSheet",
  "missingColumn",
  "unsupportedType",
  "missingListName",
  "unknownList",
  "loopTooLarge",
  "unsupportedColumn",
  "unsupportedDefault",
  "invalidCampoSettings",
  "nestedGroup",
  "unclosedGroup",
  "unmatchedEnd",
  "unknownField",
  "unknownOption",
  "unsupportedFunction",
  "unsupportedPath",
  "unsupportedOperator",
  "unexpectedCharacter",
  "defaultDropped",
  "fieldRenamed",
  "noteNamed",
  "optionNotInList",
  "optionLabelRenamed",
  "metadataDropped",
  "entityListsMany",
  "entityListMissing",
  "entityListInvalid",
  "entityIdMissing",
  "entityLabelMissing",
  "entityIdUnsupported",
  "entityLabelNotUpdated",
  "entityCreateIfOnUpdate",
  "saveToWithoutEntities",
  "saveToOnGroup",
  "saveToOtherList",
  "saveToInvalid",
  "saveToInRepeat",
  "saveToDuplicate",
  "entityChoiceFilterDropped",
  "entityIdSimplified",
  "savePropertyRenamed",
] as const;
export type XlsFormIssueKey = (typeof XLSFORM_ISSUE_KEYS)[number];

export const XLSFORM_SHEETS = ["survey", "choices", "settings", "external_choices", "entities"] as const;
export type XlsFormSheet = (typeof XLSFORM_SHEETS)[number];

/**
 * One problem of an imported file, placed where the author fixes it: the sheet, the spreadsheet's row number and
 * the column's header as written (null when the problem is the whole sheet or file). `key` is a translation key
 * with its namespace: `xlsform:issues.…` for the file's own problems, `fields:…` for the form rules every form
 * follows, `expressions:…` for the expression checks.
 */
export interface XlsFormIssue {
  sheet: XlsFormSheet | null;
  row: number | null;
  column: string | null;
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The answer to an import: the new application, and the notices of what the import changed or left out (a renamed
 * field, a default naming no option), each placed like an issue.
 */
export type XlsFormImportAnswer<A> = A & { importNotes: XlsFormIssue[] };

/** The `details` of an XLSFORM_INVALID error. */
export interface XlsFormInvalidDetails {
  issues: XlsFormIssue[];
}

/** The `details` of a DUPLICATE_APPLICATION_NAME answer to an import: the name that is taken. */
export interface XlsFormDuplicateNameDetails {
  name: string;
}

/** The largest XLSForm the import accepts (forms are a few kilobytes; this leaves room for many languages). */
export const XLSFORM_MAX_BYTES = 2 * 1024 * 1024;
