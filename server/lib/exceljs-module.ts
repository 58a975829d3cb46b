import type ExcelJSModule from "exceljs";

export type ExcelJS = typeof ExcelJSModule;

let loading: Promise<ExcelJS> | undefined;

/**
 * ExcelJS, imported on first use (an XLSForm read or written): evaluating it and its zip libraries was about a third
 * of the server's start (docs/decisions.md), for routes most starts never see.
 */
export function loadExcelJS(): Promise<ExcelJS> {
  return (loading ??= import("exceljs").then((module) => module.default));
}
