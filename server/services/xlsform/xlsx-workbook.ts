import type ExcelJS from "exceljs";
import { loadExcelJS } from "../../lib/exceljs-module.ts";

/** The part of ExcelJS's reader that parses a comment's VML shape (not in its typings). */
interface VmlShapeReader {
  _processVmlDrawingEntry: (entry: unknown, model: { vmlDrawings: Record<string, unknown> }, name: string) => unknown;
}

/**
 * Parts of a sheet the importer never reads. ExcelJS expands data validations and merges cell by cell: Survey123's
 * templates validate whole columns (`sqref="C156:C1048576"`), and a merge can span as many cells. A 59 KB form held
 * the event loop for minutes and a larger one ran the server out of memory. Without its merges a sheet's merged range
 * reads as its cells hold it: the value in the first cell, the others as written (empty when Excel merged them).
 * Conditional formatting is only colour, and ExcelJS throws on a rule whose style the workbook does not define.
 */
const SKIPPED_SHEET_PARTS = ["dataValidations", "mergeCells", "conditionalFormatting"];

/**
 * An .xlsx workbook, read for its cells. ExcelJS parses the VML shapes that place the comments of a sheet only to
 * write them back, which the importer never does; LibreOffice writes those shapes with an attribute twice
 * (`type="#_x0000_t202"`), which ExcelJS's strict XML parser refuses, so one note on a cell would make a whole form
 * unreadable. The shapes are skipped: each stands as shapeless, and the comments themselves are still read.
 */
export async function loadXlsxWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new (await loadExcelJS()).Workbook();
  const reader = workbook.xlsx as unknown as VmlShapeReader;
  reader._processVmlDrawingEntry = (_entry, model, name) => {
    model.vmlDrawings[`../drawings/${name}.vml`] = { comments: [] };
  };
  await workbook.xlsx.load(new Uint8Array(bytes).buffer, { ignoreNodes: SKIPPED_SHEET_PARTS });
  return workbook;
}

function isRichText(value: unknown): value is ExcelJS.CellRichTextValue {
  return typeof value === "object" && value !== null && Array.isArray((value as { richText?: unknown }).richText);
}

/**
 * The text a cell shows. ExcelJS gives a hyperlink whose text is formatted (a link typed into a note with part of it
 * coloured) as that rich text's object instead of its string; its runs are joined, as Excel shows them.
 */
export function shownText(cell: ExcelJS.Cell): string {
  const text: unknown = cell.text;
  if (typeof text === "string") return text;
  if (isRichText(text)) return text.richText.map((run) => run.text).join("");
  return "";
}
