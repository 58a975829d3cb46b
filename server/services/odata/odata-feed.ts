/**
 * One page of an entity set as a streamed OData JSON response. Records are read in keyset pages (recordPages) and
 * written as the client reads, so a page of any size holds one database page in memory. A page stops at the page
 * size at a record's end (a repeat set's page may run over by the rest of the last record's entries, so that the
 * next page can start after a record); `@odata.nextLink` carries that record as `$skiptoken` (with its sort keys'
 * values under `$orderby`), with the filter, order, selection and what is left of `$top`.
 */
import type { ExportRow } from "../../db/queries/records.ts";
import { pullStream } from "../exports/export-stream.ts";
import { cursorAfter } from "../exports/record-pages.ts";
import type { ODataProperty } from "./odata-model.ts";
import { encodeSkipToken, type FeedOptions } from "./odata-options.ts";

/** Entities per page unless the client prefers fewer (`Prefer: odata.maxpagesize`), as ODK Central pages its feed. */
export const ODATA_PAGE_SIZE = 10_000;
export const ODATA_MAX_PAGE_SIZE = 100_000;

export interface FeedPage<Entity> {
  /** `…/$metadata#Records` (with the selected properties when there is a $select). */
  context: string;
  /** The entity set's URL, for the next link. */
  setUrl: string;
  count?: number;
  pageSize: number;
  options: FeedOptions;
  properties: ODataProperty<Entity>[];
  records: AsyncGenerator<ExportRow[]>;
  entitiesOf(row: ExportRow): Entity[];
}

function nextLink(page: FeedPage<unknown>, after: ExportRow, written: number): string {
  const params = new URLSearchParams();
  const { carried, top } = page.options;
  if (carried.filter !== undefined) params.set("$filter", carried.filter);
  if (carried.orderby !== undefined) params.set("$orderby", carried.orderby);
  if (carried.select !== undefined) params.set("$select", carried.select);
  if (carried.count !== undefined) params.set("$count", carried.count);
  if (top !== undefined) params.set("$top", String(top - written));
  params.set("$skiptoken", encodeSkipToken(cursorAfter(after)));
  return `${page.setUrl}?${params.toString()}`;
}

/** An entity's JSON writer: the keys are encoded once per page, each value as it comes (no object per entity). */
export function entityWriter<Entity>(properties: ODataProperty<Entity>[]): (entity: Entity) => string {
  const keys = properties.map((property, i) => `${i === 0 ? "{" : ","}${JSON.stringify(property.name)}:`);
  return (entity) => {
    let text = "";
    for (let i = 0; i < properties.length; i++) text += keys[i] + JSON.stringify(properties[i]?.value(entity));
    return properties.length === 0 ? "{}" : `${text}}`;
  };
}

/** Entities written between two turns of the event loop (the next database page arrives meanwhile). */
const SLICE = 200;

async function* pageParts<Entity>(page: FeedPage<Entity>): AsyncGenerator<string> {
  const { options } = page;
  const properties = options.select ? page.properties.filter((p) => options.select?.includes(p.name)) : page.properties;
  const entityJson = entityWriter(properties);
  const head: Record<string, unknown> = { "@odata.context": page.context };
  if (page.count !== undefined) head["@odata.count"] = page.count;
  yield `${JSON.stringify(head).slice(0, -1)},"value":[`;
  const limit = options.top ?? Number.POSITIVE_INFINITY;
  let skip = options.skip;
  let written = 0;
  let last: ExportRow | undefined;
  let link: string | undefined;
  let text = "";
  pages: for await (const rows of page.records) {
    for (const row of rows) {
      const entities = page.entitiesOf(row);
      if (written >= limit) break pages;
      if (entities.length > skip && written >= page.pageSize && last) {
        link = nextLink(page, last, written);
        break pages;
      }
      for (const entity of entities) {
        if (skip > 0) {
          skip--;
          continue;
        }
        if (written >= limit) break;
        text += `${written === 0 ? "" : ","}${entityJson(entity)}`;
        written++;
        if (written % SLICE === 0) {
          yield text;
          text = "";
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      last = row;
    }
  }
  yield `${text}]${link === undefined ? "" : `,"@odata.nextLink":${JSON.stringify(link)}`}}`;
}

export function feedStream<Entity>(page: FeedPage<Entity>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* encoded(): AsyncGenerator<Uint8Array> {
    for await (const part of pageParts(page)) yield encoder.encode(part);
  }
  return pullStream(encoded());
}
