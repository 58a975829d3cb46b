/** The service's CSDL ($metadata, OData v4 XML) and its service document. */
import type { EntitySet, ODataModel } from "./odata-model.ts";

export const ODATA_NAMESPACE = "Campo";

function xmlAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function entityType(set: EntitySet<unknown>): string {
  const properties = set.properties.map((property) => {
    const facets = property.type === "Edm.Decimal" ? ' Scale="variable"' : "";
    const nullable = property.nullable ? "" : ' Nullable="false"';
    const head = `<Property Name="${property.name}" Type="${property.type}"${nullable}${facets}`;
    return property.label === undefined
      ? `${head}/>`
      : `${head}><Annotation Term="Core.Description" String="${xmlAttribute(property.label)}"/></Property>`;
  });
  return [
    `<EntityType Name="${set.typeName}">`,
    `<Key><PropertyRef Name="__id"/></Key>`,
    ...properties,
    `</EntityType>`,
  ].join("\n");
}

export function metadataXml(model: ODataModel): string {
  const sets: EntitySet<unknown>[] = [model.records, ...model.repeats];
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">`,
    `<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml">`,
    `<edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/>`,
    `</edmx:Reference>`,
    `<edmx:DataServices>`,
    `<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${ODATA_NAMESPACE}">`,
    ...sets.map(entityType),
    `<EntityContainer Name="${ODATA_NAMESPACE}">`,
    ...sets.map((set) => `<EntitySet Name="${set.name}" EntityType="${ODATA_NAMESPACE}.${set.typeName}"/>`),
    `</EntityContainer>`,
    `</Schema>`,
    `</edmx:DataServices>`,
    `</edmx:Edmx>`,
    "",
  ].join("\n");
}

export function serviceDocument(model: ODataModel, serviceRoot: string): unknown {
  return {
    "@odata.context": `${serviceRoot}$metadata`,
    value: [model.records, ...model.repeats].map((set) => ({ name: set.name, kind: "EntitySet", url: set.name })),
  };
}
