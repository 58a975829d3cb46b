/** The OData feed of an application, as Excel and Power BI are given it (the service root, with its trailing slash). */
export function odataFeedPath(applicationId: string): string {
  return `/api/odata/applications/${applicationId}/`;
}

/** The records entity set; each repeat gets its own set named `Records_<repeat name>` (ODK Central's layout). */
export const ODATA_RECORDS_SET = "Records";

/** The OData feed of the entity list an application's form acts on (ODK Central's `…/datasets/<name>.svc`). */
export function entityOdataFeedPath(applicationId: string): string {
  return `/api/odata/entities/${applicationId}/`;
}

/** The entity set of an entity list's feed. */
export const ODATA_ENTITIES_SET = "Entities";
