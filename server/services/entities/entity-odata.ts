/**
 * The OData v4 feed of an application's entity list, as ODK Central serves a dataset's: the service document,
 * `$metadata` and the `Entities` set with `$top`, `$skip`, `$count` and `$select`, through the records feed's
 * CSDL writer, option parser and JSON writer. Pages are read by offset (a list is far smaller than a form's
 * records) and the next link carries `$skip`.
 */
import type { Db } from "../../db/client.ts";
import type { EntityListRow, EntityRow } from "../../db/queries/entities.ts";
import { pageEntities } from "../../db/queries/entity-pages.ts";
import { ApiError } from "../../lib/api-error.ts";
import { entityWriter, ODATA_PAGE_SIZE } from "../odata/odata-feed.ts";
import { metadataXml, serviceDocument } from "../odata/odata-metadata.ts";
import type { EntitySet, ODataProperty } from "../odata/odata-model.ts";
import { parseFeedOptions } from "../odata/odata-options.ts";
import { ODATA_JSON, preferredPageSize, type FeedResponse } from "../odata/odata-service.ts";
import { entityOdataFeedPath, ODATA_ENTITIES_SET } from "../../../shared/integrations/odata.ts";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function propertyOf({ name, type }: EntityListRow["properties"][number]): ODataProperty<EntityRow> {
  if (type === "number")
    return {
      name,
      type: "Edm.Decimal",
      nullable: true,
      value: (entity) => {
        const value = entity.properties[name];
        return typeof value === "number" ? value : null;
      },
    };
  if (type === "date")
    return {
      name,
      type: "Edm.Date",
      nullable: true,
      value: (entity) => {
        const value = entity.properties[name];
        return typeof value === "string" && DATE_ONLY.test(value) ? value : null;
      },
    };
  return {
    name,
    type: "Edm.String",
    nullable: true,
    value: (entity) => {
      const value = entity.properties[name];
      return value === undefined || value === null ? null : String(value);
    },
  };
}

function entitySet(list: EntityListRow): EntitySet<EntityRow> {
  return {
    name: ODATA_ENTITIES_SET,
    typeName: "Entity",
    properties: [
      { name: "__id", type: "Edm.String", nullable: false, value: (entity) => entity.id },
      { name: "label", type: "Edm.String", nullable: false, value: (entity) => entity.label },
      ...list.properties.map(propertyOf),
      { name: "__latitude", type: "Edm.Double", nullable: true, value: (entity) => entity.latitude },
      { name: "__longitude", type: "Edm.Double", nullable: true, value: (entity) => entity.longitude },
      { name: "__version", type: "Edm.Int32", nullable: false, value: (entity) => entity.version },
      { name: "__conflict", type: "Edm.Boolean", nullable: false, value: (entity) => entity.conflict },
      {
        name: "__updatedAt",
        type: "Edm.DateTimeOffset",
        nullable: false,
        value: (entity) => entity.updatedAt.toISOString(),
      },
    ],
  };
}

export async function entityOdataFeed(
  db: Db,
  request: { applicationId: string; list: EntityListRow; resource: string | undefined; url: URL; prefer?: string },
): Promise<FeedResponse> {
  const { list, url } = request;
  const serviceRoot = `${url.origin}${entityOdataFeedPath(request.applicationId)}`;
  const set = entitySet(list);
  const model = { records: set, repeats: [] };
  if (request.resource === undefined)
    return { body: JSON.stringify(serviceDocument(model, serviceRoot)), contentType: ODATA_JSON };
  if (request.resource === "$metadata")
    return { body: metadataXml(model), contentType: "application/xml;charset=utf-8" };
  if (request.resource !== set.name)
    throw new ApiError("NOT_FOUND", `No entity set named ${request.resource}`, [
      { target: request.resource, message: "Not found" },
    ]);
  // Entity properties carry no SQL source: $filter and $orderby on them are refused by the shared option parser.
  const options = parseFeedOptions(url.searchParams, set.properties);
  if (options.carried.filter !== undefined || options.after !== undefined)
    throw new ApiError("NOT_IMPLEMENTED", "This feed pages with $top and $skip only", [
      { target: options.after ? "$skiptoken" : "$filter", message: "Not supported" },
    ]);
  const preferred = preferredPageSize(request.prefer);
  const pageSize = preferred ?? ODATA_PAGE_SIZE;
  const wanted = Math.min(options.top ?? Number.POSITIVE_INFINITY, pageSize);
  const { rows, total } = await pageEntities(db, list.id, {}, { offset: options.skip, limit: wanted });
  const properties = options.select ? set.properties.filter((p) => options.select?.includes(p.name)) : set.properties;
  const write = entityWriter(properties);
  const head: Record<string, unknown> = {
    "@odata.context": `${serviceRoot}$metadata#${set.name}${options.select ? `(${options.select.join(",")})` : ""}`,
  };
  if (options.count) head["@odata.count"] = total;
  const remainingTop = options.top === undefined ? undefined : options.top - rows.length;
  const more = options.skip + rows.length < total && (remainingTop === undefined || remainingTop > 0);
  let next = "";
  if (more) {
    const params = new URLSearchParams();
    if (options.carried.select !== undefined) params.set("$select", options.carried.select);
    if (options.carried.count !== undefined) params.set("$count", options.carried.count);
    if (remainingTop !== undefined) params.set("$top", String(remainingTop));
    params.set("$skip", String(options.skip + rows.length));
    next = `,"@odata.nextLink":${JSON.stringify(`${serviceRoot}${set.name}?${params.toString()}`)}`;
  }
  const json = `${JSON.stringify(head).slice(0, -1)},"value":[${rows.map(write).join(",")}]${next}}`;
  return {
    body: json,
    contentType: ODATA_JSON,
    ...(preferred === undefined ? {} : { headers: { "Preference-Applied": `odata.maxpagesize=${preferred}` } }),
  };
}
