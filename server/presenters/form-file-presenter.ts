import type { FormFileSummary } from "../db/queries/form-files.ts";
import type { FormFileDto } from "../../shared/form-files/form-files.ts";

function isChoiceList(columns: readonly string[] | null): boolean {
  const lower = (columns ?? []).map((column) => column.toLowerCase());
  return lower.includes("name") && lower.includes("label");
}

export function presentFormFile(file: FormFileSummary): FormFileDto {
  return {
    id: file.id,
    name: file.name,
    kind: file.kind,
    bytes: file.bytes,
    sha256: file.sha256,
    rowCount: file.rowCount,
    columns: file.columns,
    choiceList: isChoiceList(file.columns),
    createdAt: file.createdAt.toISOString(),
  };
}
