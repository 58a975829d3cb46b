import type { RecordFilter } from "../../../../shared/records/record-filter.ts";

/** The "sent by" select lists members and public links; a link's value carries this prefix. */
export const LINK_PREFIX = "link:";
const ALL = "__all__";

export function authorValue(filter: RecordFilter): string {
  if (filter.link) return `${LINK_PREFIX}${filter.link}`;
  return filter.submitter ?? ALL;
}

/** The filter change for a choice of the select: one member, one link, or everyone. */
export function authorFilter(value: string): Pick<RecordFilter, "submitter" | "link"> {
  if (value.startsWith(LINK_PREFIX)) return { submitter: undefined, link: value.slice(LINK_PREFIX.length) };
  return { submitter: value === ALL ? undefined : value, link: undefined };
}
