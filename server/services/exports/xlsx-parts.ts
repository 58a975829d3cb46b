/**
 * The fixed parts of the Excel workbook (Office Open XML, SpreadsheetML): the records sheet and one per repeat,
 * and the cell styles the sheets refer to by index (XLSX_STYLE).
 */
import type { Language } from "../../../shared/i18n/languages.ts";
import { xmlText } from "./text-exports.ts";

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOCUMENT_RELATIONSHIP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** Indexes into cellXfs below. */
export const XLSX_STYLE = { date: 1, instant: 2, header: 3 } as const;

const DATE_FORMATS: Record<Language, { date: string; instant: string }> = {
  "pt-BR": { date: "dd/mm/yyyy", instant: "dd/mm/yyyy hh:mm" },
  es: { date: "dd/mm/yyyy", instant: "dd/mm/yyyy hh:mm" },
  en: { date: "mm/dd/yyyy", instant: "mm/dd/yyyy hh:mm" },
};

function contentTypes(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join("");
  return `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
${sheets}\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;
}

const PACKAGE_RELS = `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}">\
<Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIP}/officeDocument" Target="xl/workbook.xml"/>\
</Relationships>`;

/** Sheet i is rId{i+1}; the styles come after the sheets. */
function workbookRels(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${DOCUMENT_RELATIONSHIP}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join("");
  return `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}">\
${sheets}<Relationship Id="rId${sheetCount + 1}" Type="${DOCUMENT_RELATIONSHIP}/styles" Target="styles.xml"/>\
</Relationships>`;
}

function workbook(sheetNames: string[]): string {
  const sheets = sheetNames
    .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join("");
  return `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOCUMENT_RELATIONSHIP}">\
<sheets>${sheets}</sheets></workbook>`;
}

function styles(language: Language): string {
  const formats = DATE_FORMATS[language];
  const xf = (numFmtId: number, fontId = 0) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ""}${fontId ? ' applyFont="1"' : ""}/>`;
  return `${XML_HEAD}<styleSheet xmlns="${MAIN}">\
<numFmts count="2"><numFmt numFmtId="164" formatCode="${formats.date}"/><numFmt numFmtId="165" formatCode="${formats.instant}"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="4">${xf(0)}${xf(164)}${xf(165)}${xf(0, 1)}</cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;
}

/** Every part but the sheets themselves (`xl/worksheets/sheet1.xml`, sheet2…, in this order), as [path, content]. */
export function workbookParts(sheetNames: string[], language: Language): [string, string][] {
  return [
    ["[Content_Types].xml", contentTypes(sheetNames.length)],
    ["_rels/.rels", PACKAGE_RELS],
    ["xl/workbook.xml", workbook(sheetNames)],
    ["xl/_rels/workbook.xml.rels", workbookRels(sheetNames.length)],
    ["xl/styles.xml", styles(language)],
  ];
}

/** Excel's sheet-name rules: at most 31 characters, none of \\ / ? * [ ] :, unique case-insensitively. */
export function sheetNames(wanted: string[]): string[] {
  const used = new Set<string>();
  return wanted.map((name) => {
    const base =
      name
        .replace(/[\\/?*[\]:]/g, " ")
        .trim()
        .slice(0, 31)
        .trim() || "Campo";
    let candidate = base;
    for (let n = 2; used.has(candidate.toLowerCase()); n++)
      candidate = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The sheet's opening: the header row frozen at the top, and the column widths. */
export function sheetHead(widths: number[]): string {
  const cols = widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join("");
  return `${XML_HEAD}<worksheet xmlns="${MAIN}">\
<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>\
<cols>${cols}</cols><sheetData>`;
}

export const SHEET_TAIL = "</sheetData></worksheet>";

/** A, B, … Z, AA, AB…: the column part of a cell reference. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
