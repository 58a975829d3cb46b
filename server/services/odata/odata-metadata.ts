/** The service's CSDL ($metadata, OData v4 XML) and its service document. */
import type { EntitySet, ODataModel, RepeatSet } from "./odata-model.ts";

export const ODATA_NAMESPACE = "Campo";

function xmlAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A parent's link to a child repeat's set, named after that set (the parent already has a property named after the
 * repeat: its entry count). Clients such as Power BI read these to relate the tables without being told.
 */
function navigationProperty(child: RepeatSet): string {
  return `<NavigationProperty Name="${child.name}" Type="Collection(${ODATA_NAMESPACE}.${child.typeName})"/>`;
}

function entityType(set: EntitySet<unknown>, children: RepeatSet[]): string {
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
    ...children.map(navigationProperty),
    `</EntityType>`,
  ].join("\n");
}

function entitySet(set: EntitySet<unknown>, children: RepeatSet[]): string {
  const head = `<EntitySet Name="${set.name}" EntityType="${ODATA_NAMESPACE}.${set.typeName}"`;
  if (children.length === 0) return `${head}/>`;
  const bindings = children.map((child) => `<NavigationPropertyBinding Path="${child.name}" Target="${child.name}"/>`);
  return [`${head}>`, ...bindings, `</EntitySet>`].join("\n");
}

/** Also the entity lists' feed's, whose model is one set of entities (`records`) and no repeats. */
export function metadataXml(model: Pick<ODataModel, "repeats"> & { records: EntitySet<unknown> }): string {
  const sets: EntitySet<unknown>[] = [model.records, ...model.repeats];
  const childrenOf = (set: EntitySet<unknown>) => model.repeats.filter((repeat) => repeat.parentSet === set.name);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">`,
    `<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml">`,
    `<edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/>`,
    `</edmx:Reference>`,
    `<edmx:DataServices>`,
    `<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${ODATA_NAMESPACE}">`,
    ...sets.map((set) => entityType(set, childrenOf(set))),
    `<EntityContainer Name="${ODATA_NAMESPACE}">`,
    ...sets.map((set) => entitySet(set, childrenOf(set))),
    `</EntityContainer>`,
    `</Schema>`,
    `</edmx:DataServices>`,
    `</edmx:Edmx>`,
    "",
  ].join("\n");
}

export function serviceDocument(
  model: Pick<ODataModel, "repeats"> & { records: EntitySet<unknown> },
  serviceRoot: string,
): unknown {
  return {
    "@odata.context": `${serviceRoot}$metadata`,
    value: [model.records, ...model.repeats].map((set) => ({ name: set.name, kind: "EntitySet", url: set.name })),
  };
}
