import type { RecordView } from "../../../../shared/records/record-view.ts";

/** Who sent a record, as the list and the detail name it: the member, or the public link a visitor used. */
export function recordAuthor(
  record: Pick<RecordView, "submitter" | "publicLink">,
  t: (key: string, options?: { name: string }) => string,
): string {
  if (record.submitter) return record.submitter.name || record.submitter.email;
  if (record.publicLink) return t("list.viaLink", { name: record.publicLink.name });
  return t("list.unknownSubmitter");
}
