/**
 * The OData feed of one application for a reader already allowed to export it: the service document, `$metadata`,
 * a page of the records entity set or of a repeat's, and a set's `$count`. The model follows the form as it is
 * now, so a field added to the form appears in the feed at the next refresh.
 */
import type { Database } from "../../db/client.ts";
import { countRecords, type RecordQuery } from "../../db/queries/records.ts";
import { countRepeatEntries } from "../../db/queries/repeat-entries.ts";
import { ApiError } from "../../lib/api-error.ts";
import { translate } from "../../lib/translate.ts";
import { submitterScope, type ReadableAccess } from "../../policies/application-access.ts";
import { recordPages } from "../exports/record-pages.ts";
import { repeatRowsOf } from "../exports/repeat-tables.ts";
import { loadRecordFields } from "../records/record-query.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../shared/i18n/languages.ts";
import { odataFeedPath } from "../../../shared/integrations/odata.ts";
import { feedStream, ODATA_MAX_PAGE_SIZE, ODATA_PAGE_SIZE, type FeedPage } from "./odata-feed.ts";
import { metadataXml, serviceDocument } from "./odata-metadata.ts";
import { odataModel, type EntitySet, type ODataModel, type RepeatSet } from "./odata-model.ts";
import { countOptions, parseFeedOptions, type CountOptions } from "./odata-options.ts";
import { checkODataVersion } from "./odata-version.ts";

export const ODATA_JSON =
  "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8";

export interface FeedRequest {
  access: ReadableAccess;
  /** `$metadata`, an entity set name, or undefined for the service document. */
  resource: string | undefined;
  /** A path segment after an entity set: `$count`. */
  segment?: string | undefined;
  url: URL;
  /** The `Prefer` header. */
  prefer: string | undefined;
  /** The `OData-MaxVersion` and `OData-Version` headers. */
  versions?: { maxVersion?: string | undefined; version?: string | undefined };
}

export interface FeedResponse {
  body: string | ReadableStream<Uint8Array>;
  contentType: string;
  headers?: Record<string, string>;
}

/** `odata.maxpagesize=N` from a Prefer header, within 1…ODATA_MAX_PAGE_SIZE; undefined when absent or unreadable. */
export function preferredPageSize(prefer: string | undefined): number | undefined {
  const match = /(?:^|[,;\s])odata\.maxpagesize\s*=\s*"?(\d{1,9})"?/i.exec(prefer ?? "");
  if (!match) return undefined;
  return Math.min(Math.max(Number(match[1]), 1), ODATA_MAX_PAGE_SIZE);
}

export async function odataFeed(database: Database, request: FeedRequest): Promise<FeedResponse> {
  const { access, url } = request;
  checkODataVersion(request.versions ?? {});
  const db = database.db;
  const language = normalizeLanguage(url.searchParams.get("lang")) ?? DEFAULT_LANGUAGE;
  const serviceRoot = `${url.origin}${odataFeedPath(access.application.id)}`;
  const fields = await loadRecordFields(db, access.application.id);
  const model = odataModel(fields, language, {
    words: { yes: translate(language, "data:answers.yes"), no: translate(language, "data:answers.no") },
    mediaUrl: (attachmentId) => `${url.origin}/api/attachments/${attachmentId}`,
  });
  if (request.resource === undefined) {
    return { body: JSON.stringify(serviceDocument(model, serviceRoot)), contentType: ODATA_JSON };
  }
  if (request.resource === "$metadata")
    return { body: metadataXml(model), contentType: "application/xml;charset=utf-8" };
  const set = findSet(model, request.resource);
  const chain = "chain" in set ? set.chain : undefined;
  const count = (query: RecordQuery) =>
    chain === undefined
      ? countRecords(db, query)
      : countRepeatEntries(
          db,
          query,
          chain.map((repeat) => repeat.id),
        );
  if (request.segment !== undefined) {
    if (request.segment !== "$count")
      throw new ApiError("NOT_FOUND", `No resource ${request.segment} under ${set.name}`, [
        { target: request.segment, message: "Not found" },
      ]);
    const total = await count(recordQuery(access, countOptions(url.searchParams, set.properties)));
    return { body: String(total), contentType: "text/plain;charset=utf-8" };
  }
  const options = parseFeedOptions(url.searchParams, set.properties);
  const query = recordQuery(access, options);
  const shape = database.kind === "pglite" ? "json" : "rows";
  const preferred = preferredPageSize(request.prefer);
  const page: FeedPage<unknown> = {
    context: `${serviceRoot}$metadata#${set.name}${options.select ? `(${options.select.join(",")})` : ""}`,
    setUrl: `${serviceRoot}${set.name}`,
    pageSize: preferred ?? ODATA_PAGE_SIZE,
    options,
    properties: set.properties,
    ...(options.count ? { count: await count(query) } : {}),
    records: recordPages(db, query, chain?.[0] === undefined ? model.answeredIds : [chain[0].id], {
      shape,
      sort: options.orderBy,
      ...(options.after ? { after: options.after } : {}),
    }),
    entitiesOf: chain === undefined ? (row) => [row] : (row) => repeatRowsOf(row, chain),
  };
  return {
    body: feedStream(page),
    contentType: ODATA_JSON,
    ...(preferred === undefined ? {} : { headers: { "Preference-Applied": `odata.maxpagesize=${preferred}` } }),
  };
}

function findSet(model: ODataModel, name: string): EntitySet<unknown> | RepeatSet {
  const set = [model.records, ...model.repeats].find((candidate) => candidate.name === name);
  if (!set) throw new ApiError("NOT_FOUND", `No entity set named ${name}`, [{ target: name, message: "Not found" }]);
  return set;
}

function recordQuery(access: ReadableAccess, options: CountOptions): RecordQuery {
  return {
    scope: { applicationId: access.application.id, submitterId: submitterScope(access) },
    filter: { fields: {} },
    fieldTypes: new Map(),
    ...(options.filter ? { expression: options.filter } : {}),
  };
}
