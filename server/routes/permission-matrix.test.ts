/**
 * Every application-scoped route × every kind of caller: the status code, that a caller without the right sees
 * none of the application's content (name, description, field labels, answers) in any answer, and that a refused
 * request changed nothing.
 *
 * To add routes: append entries to ROUTES. `path`/`body` receive the Target (a shared application with a
 * collaborator, an invited admin, records by the owner and by the collaborator) and the caller's role. Mark a
 * route `destructive` when a successful call changes or removes the target: each role then gets its own fresh one.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { routePattern } from "../openapi/route-paths.ts";
import { existsSync } from "node:fs";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { apiTokens, applications, formFields, formSubmissions } from "../db/schema/index.ts";
import { findInvite, insertInvite } from "../db/queries/invites.ts";
import { insertPublicLink } from "../db/queries/public-links.ts";
import { createTestApiToken } from "../test-support/fixtures/api-token-fixtures.ts";
import type { HttpClient } from "../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  insertSubmission,
  signUpAs,
  subscribe,
  textField,
  TRUST_PROXY_ENV,
  type FieldDto,
} from "../test-support/fixtures/application-fixtures.ts";

const ROLES = ["anonymous", "unrelated", "collaborator", "admin", "owner", "superAdmin"] as const;
type Role = (typeof ROLES)[number];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Target {
  applicationId: string;
  fields: [FieldDto, ...FieldDto[]];
  /** Records submitted by the owner and by the collaborator. */
  submissionIds: { owner: string; collaborator: string };
  /** team_members ids through which the collaborator and the admin reach the application. */
  memberIds: { collaborator: string; admin: string };
  /** A pending invite the owner sent to the application. */
  inviteId: string;
  /** A public link of the application. */
  publicLinkId: string;
  /** Texts only callers who may read the application may ever receive. */
  secrets: readonly [string, string, string, string];
}

interface RouteCase {
  method: Method;
  /** The route as documented, e.g. "/api/applications/:id"; also the test's name. */
  route: string;
  path: (target: Target, role: Role) => string;
  body?: (target: Target, role: Role) => unknown;
  expected: Record<Role, number>;
  /** Roles whose successful answer may contain the target's content; by default every role answered with 2xx. */
  reveals?: Role[];
  destructive?: boolean;
}

const everyoneSignedIn = (status: number): Record<Role, number> => ({
  anonymous: 401,
  unrelated: status,
  collaborator: status,
  admin: status,
  owner: status,
  superAdmin: status,
});

/** Routes for those who edit the application: owner and administrators (super admins only read). */
const EDITORS_ONLY = (status: number): Record<Role, number> => ({
  anonymous: 401,
  unrelated: 404,
  collaborator: 403,
  admin: status,
  owner: status,
  superAdmin: 403,
});

/** The form as it is, so a permitted PUT leaves the target as it was. */
function sameForm(target: Target, name: string) {
  return applicationForm(
    name,
    target.fields.map((field) => ({
      id: field.id,
      fieldType: field.fieldType,
      label: field.label,
      position: field.position,
      config: field.config,
    })),
    { description: target.secrets[1] },
  );
}

const ROUTES: RouteCase[] = [
  {
    method: "GET",
    route: "/api/applications",
    path: () => "/api/applications",
    expected: everyoneSignedIn(200),
    // The list holds the caller's own applications and memberships; super admins read others' one by one.
    reveals: ["collaborator", "admin", "owner"],
  },
  {
    method: "POST",
    route: "/api/applications",
    path: () => "/api/applications",
    body: (_target, role) => applicationForm(`Própria de ${role} ${randomBytes(3).toString("hex")}`),
    expected: everyoneSignedIn(201),
    reveals: [],
  },
  {
    method: "GET",
    route: "/api/applications/:id",
    path: (t) => `/api/applications/${t.applicationId}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "PUT",
    route: "/api/applications/:id",
    path: (t) => `/api/applications/${t.applicationId}`,
    body: (t) => sameForm(t, t.secrets[0]),
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 403 },
  },
  {
    method: "PUT",
    route: "/api/applications/:id (invalid body)",
    path: (t) => `/api/applications/${t.applicationId}`,
    body: () => ({ name: "" }),
    // Access is decided before the body is read: an outsider learns nothing from validation errors either.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 400, owner: 400, superAdmin: 403 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/versions",
    path: (t) => `/api/applications/${t.applicationId}/versions`,
    // The designer's history: for those who change the form.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 403 },
    reveals: [],
  },
  {
    method: "GET",
    route: "/api/applications/:id/xlsform",
    path: (t) => `/api/applications/${t.applicationId}/xlsform`,
    // The form's design, like the designer: its administrators only.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 403 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/webhooks",
    path: (t) => `/api/applications/${t.applicationId}/webhooks`,
    // Webhooks are the application's configuration: those who edit it.
    expected: EDITORS_ONLY(200),
  },
  {
    method: "POST",
    route: "/api/applications/:id/webhooks",
    path: (t) => `/api/applications/${t.applicationId}/webhooks`,
    body: () => ({ url: "https://93.184.215.14/campo", events: ["record.created"] }),
    expected: EDITORS_ONLY(201),
  },
  {
    method: "POST",
    route: "/api/applications/:id/webhooks (invalid body)",
    path: (t) => `/api/applications/${t.applicationId}/webhooks`,
    body: () => ({ url: "not a url", events: [] }),
    expected: EDITORS_ONLY(400),
  },
  ...(["PATCH", "DELETE"] as const).map((method): RouteCase => ({
    method,
    route: `/api/applications/:id/webhooks/:endpointId (no such endpoint, ${method})`,
    path: (t) => `/api/applications/${t.applicationId}/webhooks/${randomUUID()}`,
    ...(method === "PATCH" ? { body: () => ({ enabled: true }) } : {}),
    // Access is decided before the endpoint is looked up (the routes' own tests cover success).
    expected: EDITORS_ONLY(404),
  })),
  ...["deliveries", "ping"].map((tail): RouteCase => ({
    method: tail === "ping" ? "POST" : "GET",
    route: `/api/applications/:id/webhooks/:endpointId/${tail} (no such endpoint)`,
    path: (t) => `/api/applications/${t.applicationId}/webhooks/${randomUUID()}/${tail}`,
    expected: EDITORS_ONLY(404),
  })),
  {
    method: "POST",
    route: "/api/applications/:id/webhooks/:endpointId/deliveries/:deliveryId/redeliver (no such endpoint)",
    path: (t) => `/api/applications/${t.applicationId}/webhooks/${randomUUID()}/deliveries/${randomUUID()}/redeliver`,
    expected: EDITORS_ONLY(404),
  },
  // Public links let strangers write into the owner's records: those who edit the application manage them.
  {
    method: "GET",
    route: "/api/applications/:id/public-links",
    path: (t) => `/api/applications/${t.applicationId}/public-links`,
    expected: EDITORS_ONLY(200),
  },
  {
    method: "POST",
    route: "/api/applications/:id/public-links",
    path: (t) => `/api/applications/${t.applicationId}/public-links`,
    body: (_t, role) => ({ name: `Link de ${role}`, maxRecords: 10 }),
    expected: EDITORS_ONLY(201),
  },
  {
    method: "POST",
    route: "/api/applications/:id/public-links (invalid body)",
    path: (t) => `/api/applications/${t.applicationId}/public-links`,
    body: () => ({ name: "" }),
    expected: EDITORS_ONLY(400),
  },
  {
    method: "PATCH",
    route: "/api/applications/:id/public-links/:linkId",
    path: (t) => `/api/applications/${t.applicationId}/public-links/${t.publicLinkId}`,
    body: () => ({ name: "Link da matriz" }),
    expected: EDITORS_ONLY(200),
  },
  {
    method: "GET",
    route: "/api/applications/:id/public-links/:linkId/records",
    path: (t) => `/api/applications/${t.applicationId}/public-links/${t.publicLinkId}/records`,
    expected: EDITORS_ONLY(200),
  },
  {
    method: "POST",
    route: "/api/applications/:id/public-links/:linkId/revoke",
    path: (t) => `/api/applications/${t.applicationId}/public-links/${t.publicLinkId}/revoke`,
    expected: EDITORS_ONLY(200),
    destructive: true,
  },
  {
    method: "PATCH",
    route: "/api/applications/:id/public-links/:linkId (no such link)",
    path: (t) => `/api/applications/${t.applicationId}/public-links/${randomUUID()}`,
    body: () => ({ paused: true }),
    expected: EDITORS_ONLY(404),
  },
  // Entities: the list's entities for everyone who reads the application (their phones keep them); the lists, the
  // form's action and conflicts for those who edit it.
  {
    method: "GET",
    route: "/api/applications/:id/entities",
    path: (t) => `/api/applications/${t.applicationId}/entities`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
    reveals: [],
  },
  {
    method: "GET",
    route: "/api/applications/:id/entities/:entityId (no such entity)",
    path: (t) => `/api/applications/${t.applicationId}/entities/${randomUUID()}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 404, owner: 404, superAdmin: 404 },
  },
  {
    method: "POST",
    route: "/api/applications/:id/entities/:entityId/resolve (no such entity)",
    path: (t) => `/api/applications/${t.applicationId}/entities/${randomUUID()}/resolve`,
    body: () => ({ version: 2, label: "Ipê", properties: {} }),
    expected: EDITORS_ONLY(404),
  },
  {
    method: "GET",
    route: "/api/applications/:id/entity-lists",
    path: (t) => `/api/applications/${t.applicationId}/entity-lists`,
    expected: EDITORS_ONLY(200),
    reveals: [],
  },
  {
    method: "POST",
    route: "/api/applications/:id/entity-lists",
    path: (t) => `/api/applications/${t.applicationId}/entity-lists`,
    body: (_t, role) => ({ name: `Árvores de ${role} ${randomBytes(3).toString("hex")}`, properties: [] }),
    expected: EDITORS_ONLY(201),
    reveals: [],
  },
  {
    method: "GET",
    route: "/api/applications/:id/entity-action",
    path: (t) => `/api/applications/${t.applicationId}/entity-action`,
    expected: EDITORS_ONLY(200),
    reveals: [],
  },
  {
    method: "PUT",
    route: "/api/applications/:id/entity-action (no such list)",
    path: (t) => `/api/applications/${t.applicationId}/entity-action`,
    body: () => ({ kind: "create", listId: randomUUID(), labelField: "nome", saves: {} }),
    expected: EDITORS_ONLY(404),
  },
  {
    method: "DELETE",
    route: "/api/applications/:id/entity-action",
    path: (t) => `/api/applications/${t.applicationId}/entity-action`,
    expected: EDITORS_ONLY(200),
    reveals: [],
  },
  // The entity page's data. The target's form acts on no list: a permitted caller gets 404 ENTITY_LIST_NOT_FOUND,
  // a refused one its 403 (entity-data.test.ts covers the answers on a form that has a list).
  ...["entity-page", "entity-map"].map((resource): RouteCase => ({
    method: "GET",
    route: `/api/applications/:id/${resource} (the form acts on no list)`,
    path: (t) => `/api/applications/${t.applicationId}/${resource}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 404, owner: 404, superAdmin: 404 },
  })),
  {
    method: "GET",
    route: "/api/applications/:id/entity-export (the form acts on no list)",
    path: (t) => `/api/applications/${t.applicationId}/entity-export?format=geojson`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 404, owner: 404, superAdmin: 404 },
  },
  {
    method: "POST",
    route: "/api/applications/:id/entities (the form acts on no list)",
    path: (t) => `/api/applications/${t.applicationId}/entities`,
    body: () => ({ label: "Ipê" }),
    expected: EDITORS_ONLY(404),
  },
  {
    method: "POST",
    route: "/api/applications/:id/entity-upload (the form acts on no list)",
    path: (t) => `/api/applications/${t.applicationId}/entity-upload`,
    body: () => ({ csv: "label\nIpê" }),
    expected: EDITORS_ONLY(404),
  },
  ...["", "/", "/$metadata", "/Entities"].map((resource): RouteCase => ({
    method: "GET",
    route: `/api/odata/entities/:id${resource} (the form acts on no list)`,
    path: (t) => `/api/odata/entities/${t.applicationId}${resource}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 404, owner: 404, superAdmin: 404 },
  })),
  {
    method: "GET",
    route: "/api/applications/:id/form-files",
    path: (t) => `/api/applications/${t.applicationId}/form-files`,
    // Collectors' phones cache the form's files with the form.
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    route: "/api/applications/:id/form-files",
    path: (t) => `/api/applications/${t.applicationId}/form-files`,
    body: () => ({ name: "cities.csv", data: Buffer.from("name,label\nsp,São Paulo\n").toString("base64") }),
    expected: EDITORS_ONLY(201),
    destructive: true,
  },
  ...(["GET", "DELETE"] as const).map((method): RouteCase => ({
    method,
    route: `/api/applications/:id/form-files/:fileId (no such file, ${method})`,
    path: (t) => `/api/applications/${t.applicationId}/form-files/${randomUUID()}`,
    // Access is decided before the file is looked up (form-files.test.ts covers success).
    expected:
      method === "GET"
        ? { anonymous: 401, unrelated: 404, collaborator: 404, admin: 404, owner: 404, superAdmin: 404 }
        : EDITORS_ONLY(404),
  })),
  {
    method: "GET",
    route: "/api/applications/:id/form-files/:fileId/table (no such file)",
    path: (t) => `/api/applications/${t.applicationId}/form-files/${randomUUID()}/table`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 404, owner: 404, superAdmin: 404 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/offline-areas",
    path: (t) => `/api/applications/${t.applicationId}/offline-areas`,
    // The team's phones list the areas to save.
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    route: "/api/applications/:id/offline-areas",
    path: (t) => `/api/applications/${t.applicationId}/offline-areas`,
    body: () => ({
      name: "Fazenda",
      bbox: { west: -48, south: -16, east: -47.9, north: -15.9 },
      minZoom: 10,
      maxZoom: 14,
    }),
    expected: EDITORS_ONLY(201),
    destructive: true,
  },
  {
    method: "DELETE",
    route: "/api/applications/:id/offline-areas/:areaId (no such area)",
    path: (t) => `/api/applications/${t.applicationId}/offline-areas/${randomUUID()}`,
    // Access is decided before the area is looked up (offline-areas.test.ts covers success).
    expected: EDITORS_ONLY(404),
  },
  {
    method: "GET",
    route: "/api/applications/:id/collect-map/records",
    path: (t) => `/api/applications/${t.applicationId}/collect-map/records`,
    // Records carry no answers' text beyond lines and areas, yet they are the application's records.
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/team-layers",
    path: (t) => `/api/applications/${t.applicationId}/team-layers`,
    // The team's phones keep the layers with the form.
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    route: "/api/applications/:id/team-layers",
    path: (t) => `/api/applications/${t.applicationId}/team-layers`,
    body: () => ({
      name: "Talhões",
      fileName: "talhoes.geojson",
      content: JSON.stringify({ type: "Point", coordinates: [-47.9, -15.8] }),
    }),
    expected: EDITORS_ONLY(201),
    destructive: true,
  },
  {
    method: "GET",
    route: "/api/applications/:id/team-layers/:layerId/features (no such layer)",
    path: (t) => `/api/applications/${t.applicationId}/team-layers/${randomUUID()}/features`,
    // Access is decided before the layer is looked up (team-layers.test.ts covers success).
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 404, owner: 404, superAdmin: 404 },
  },
  {
    method: "PATCH",
    route: "/api/applications/:id/team-layers/:layerId (no such layer)",
    path: (t) => `/api/applications/${t.applicationId}/team-layers/${randomUUID()}`,
    body: () => ({ name: "Outro nome" }),
    expected: EDITORS_ONLY(404),
  },
  {
    method: "DELETE",
    route: "/api/applications/:id/team-layers/:layerId (no such layer)",
    path: (t) => `/api/applications/${t.applicationId}/team-layers/${randomUUID()}`,
    expected: EDITORS_ONLY(404),
  },
  {
    method: "DELETE",
    route: "/api/applications/:id",
    path: (t) => `/api/applications/${t.applicationId}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 403, owner: 204, superAdmin: 403 },
    destructive: true,
  },
  {
    method: "DELETE",
    route: "/api/applications/:id/submissions",
    path: (t) => `/api/applications/${t.applicationId}/submissions`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 200 },
    destructive: true,
  },
  {
    method: "GET",
    route: "/api/usage",
    path: () => "/api/usage",
    expected: everyoneSignedIn(200),
    reveals: [],
  },
  {
    method: "GET",
    route: "/api/applications/:id/submissions/:submissionId (the collaborator's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.collaborator}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/submissions/:submissionId (the owner's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.owner}`,
    // Collaborators read only their own records.
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "PUT",
    route: "/api/applications/:id/submissions/:submissionId (the collaborator's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.collaborator}`,
    body: (t) => ({ answers: { [t.fields[0].id]: t.secrets[3] } }),
    // The submitter and the application's administrators edit (a super admin without a role does not); the record
    // keeps the same answers, so the shared target stays as it was.
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 403 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/submissions/:submissionId/history (the collaborator's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.collaborator}/history`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/submissions/:submissionId/history (the owner's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.owner}/history`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    route: "/api/applications/:id/submissions/:submissionId/history/:versionId/restore (no such version)",
    path: (t) =>
      `/api/applications/${t.applicationId}/submissions/${t.submissionIds.collaborator}/history/${randomUUID()}/restore`,
    // Reviewers only: the collaborator is refused before the version is looked up (restoring is covered in
    // server/routes/submissions/record-review.test.ts).
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 404, owner: 404, superAdmin: 404 },
  },
  {
    method: "POST",
    route: "/api/applications/:id/submissions/:submissionId/review (the collaborator's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.collaborator}/review`,
    body: () => ({ state: "approved", comment: "Conferido" }),
    // Application admins and super admins review; the submitter comments but does not judge their own record.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 200 },
    reveals: [],
  },
  {
    method: "POST",
    route: "/api/applications/:id/submissions/:submissionId/review (the owner's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.owner}/review`,
    body: () => ({ state: "approved", comment: "Conferido" }),
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 200, owner: 200, superAdmin: 200 },
    reveals: [],
  },
  {
    method: "GET",
    route: "/api/applications/:id/submissions/:submissionId/comments (the collaborator's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.collaborator}/comments`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/submissions/:submissionId/comments (the owner's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.owner}/comments`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    route: "/api/applications/:id/submissions/:submissionId/comments (the collaborator's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.collaborator}/comments`,
    body: () => ({ body: "Confira a foto, por favor" }),
    expected: { anonymous: 401, unrelated: 404, collaborator: 201, admin: 201, owner: 201, superAdmin: 201 },
    reveals: [],
  },
  {
    method: "POST",
    route: "/api/applications/:id/submissions/:submissionId/comments (the owner's record)",
    path: (t) => `/api/applications/${t.applicationId}/submissions/${t.submissionIds.owner}/comments`,
    body: () => ({ body: "Confira a foto, por favor" }),
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 201, owner: 201, superAdmin: 201 },
    reveals: [],
  },
  {
    method: "GET",
    route: "/api/applications/:id/limit",
    path: (t) => `/api/applications/${t.applicationId}/limit`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
    reveals: [],
  },
  {
    method: "POST",
    route: "/api/sync",
    path: () => "/api/sync",
    body: (t) => ({
      records: [
        {
          id: randomUUID(),
          applicationId: t.applicationId,
          answers: { [t.fields[0].id]: "novo" },
          clientCreatedAt: new Date().toISOString(),
        },
      ],
    }),
    // Always 200 with a per-record status (an outsider's record is rejected as application_not_found).
    expected: everyoneSignedIn(200),
    reveals: [],
    destructive: true,
  },
  {
    method: "GET",
    route: "/api/applications/:id/data-view",
    path: (t) => `/api/applications/${t.applicationId}/data-view`,
    // Every reader, each within their scope (collaborators: their own records; see server/routes/data tests).
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/records",
    path: (t) => `/api/applications/${t.applicationId}/records?limit=5`,
    // Every reader, each within their scope (collaborators: their own records; see server/routes/data tests).
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/records/map-view",
    path: (t) => `/api/applications/${t.applicationId}/records/map-view?zoom=3`,
    // Every reader, each within their scope (collaborators: their own records; see records/map-view.test.ts).
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/charts/timeline",
    path: (t) => `/api/applications/${t.applicationId}/charts/timeline?interval=month`,
    // Every reader, each within their scope (collaborators: their own records; see server/routes/data tests).
    expected: { anonymous: 401, unrelated: 404, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/export.csv",
    path: (t) => `/api/applications/${t.applicationId}/export.csv`,
    // Spec 000 §6: administrators and super admins export; collaborators are refused.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/export.xlsx",
    path: (t) => `/api/applications/${t.applicationId}/export.xlsx`,
    // Spec 000 §6: administrators and super admins export; collaborators are refused.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/export.kml",
    path: (t) => `/api/applications/${t.applicationId}/export.kml`,
    // Spec 000 §6: administrators and super admins export; collaborators are refused.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/export.geojson",
    path: (t) => `/api/applications/${t.applicationId}/export.geojson`,
    // Spec 000 §6: administrators and super admins export; collaborators are refused.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 200 },
  },
  ...["", "/", "/$metadata", "/Records", "/Records/$count"].map((resource): RouteCase => ({
    method: "GET",
    route: `/api/odata/applications/:id${resource}`,
    path: (t) => `/api/odata/applications/${t.applicationId}${resource}`,
    // The OData feed follows the exports' policy (server/routes/odata/odata.test.ts covers tokens and options).
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 200, owner: 200, superAdmin: 200 },
  })),
  {
    method: "GET",
    route: "/api/applications/:id/charts (a field that cannot be charted)",
    path: (t) => `/api/applications/${t.applicationId}/charts?field=${t.fields[0].id}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 400, admin: 400, owner: 400, superAdmin: 400 },
  },
  {
    method: "GET",
    route: "/api/applications/:id/records/:recordId (the owner's record)",
    path: (t) => `/api/applications/${t.applicationId}/records/${t.submissionIds.owner}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 200, owner: 200, superAdmin: 200 },
  },
  {
    method: "DELETE",
    route: "/api/applications/:id/records/:recordId (the collaborator's record)",
    path: (t) => `/api/applications/${t.applicationId}/records/${t.submissionIds.collaborator}`,
    // Administrators while the owner has a paid plan (as clearing data), super admins; never collaborators.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 204, owner: 204, superAdmin: 204 },
    destructive: true,
  },
  {
    method: "GET",
    route: "/api/team/members?applicationId=:id",
    path: (t) => `/api/team/members?applicationId=${t.applicationId}`,
    // Only those who manage the application's team list its members.
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 200, owner: 200, superAdmin: 404 },
  },
  {
    method: "GET",
    route: "/api/team/invites",
    path: () => "/api/team/invites",
    expected: everyoneSignedIn(200),
    reveals: ["admin", "owner"],
  },
  {
    method: "POST",
    route: "/api/team/invites",
    path: () => "/api/team/invites",
    body: (t) => ({
      name: "Convidado",
      email: `invitee-${randomBytes(4).toString("hex")}@campo.test`,
      grants: [{ applicationId: t.applicationId, role: "collaborator" }],
    }),
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 201, owner: 201, superAdmin: 403 },
    destructive: true,
  },
  {
    method: "DELETE",
    route: "/api/team/invites/:inviteId (the owner's pending invite)",
    path: (t) => `/api/team/invites/${t.inviteId}`,
    // The owner and whoever sent it; to anyone else it does not exist (the admin did not send this one).
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 404, owner: 204, superAdmin: 404 },
    reveals: [],
    destructive: true,
  },
  {
    method: "PATCH",
    route: "/api/team/members/:memberId/applications/:id (the admin's role)",
    path: (t) => `/api/team/members/${t.memberIds.admin}/applications/${t.applicationId}`,
    body: () => ({ role: "collaborator" }),
    // The admin is the target (own role); the collaborator may not change roles; only the creator does.
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 403, owner: 200, superAdmin: 403 },
    reveals: [],
    destructive: true,
  },
  {
    method: "DELETE",
    route: "/api/team/members/:memberId/applications/:id (the collaborator)",
    path: (t) => `/api/team/members/${t.memberIds.collaborator}/applications/${t.applicationId}`,
    expected: { anonymous: 401, unrelated: 404, collaborator: 403, admin: 204, owner: 204, superAdmin: 403 },
    destructive: true,
  },
  {
    method: "PATCH",
    route: "/api/team/members/:memberId (the collaborator's status)",
    path: (t) => `/api/team/members/${t.memberIds.collaborator}`,
    body: () => ({ status: "inactive" }),
    // Status spans the owner's whole team: only the owner; the admin sees the member but may not.
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 403, owner: 200, superAdmin: 404 },
    reveals: [],
    destructive: true,
  },
  {
    method: "GET",
    route: "/api/invites/validate?token= (forged)",
    path: () => `/api/invites/validate?token=${randomBytes(32).toString("base64url")}`,
    expected: { anonymous: 200, unrelated: 200, collaborator: 200, admin: 200, owner: 200, superAdmin: 200 },
    reveals: [],
  },
  {
    method: "POST",
    route: "/api/invites/accept (forged token)",
    path: () => "/api/invites/accept",
    body: () => ({ token: randomBytes(32).toString("base64url") }),
    expected: { anonymous: 401, unrelated: 404, collaborator: 404, admin: 404, owner: 404, superAdmin: 404 },
  },
];

/**
 * The token dimension: the owner's API token on every route above. `read`/`write` are scoped to the target, `none` to
 * another of the owner's applications; `revoked` and `expired` are write tokens that no longer count (the route then
 * answers as for anonymous). Routes whose contract does not admit tokens answer 403 API_TOKEN_NOT_ALLOWED to every
 * live token, before the application is looked up.
 */
const TOKEN_KINDS = ["read", "write", "none", "revoked", "expired"] as const;
type TokenKind = (typeof TOKEN_KINDS)[number];
type LiveTokenExpectation = Record<"read" | "write" | "none", number>;

const REFUSED: LiveTokenExpectation = { read: 403, write: 403, none: 403 };
const READS: LiveTokenExpectation = { read: 200, write: 200, none: 404 };

const TOKEN_EXPECTED: Record<string, LiveTokenExpectation> = {
  "/api/applications": { read: 200, write: 200, none: 200 },
  "POST /api/applications": REFUSED,
  "/api/applications/:id": READS,
  "PUT /api/applications/:id": REFUSED,
  "PUT /api/applications/:id (invalid body)": REFUSED,
  "/api/applications/:id/versions": REFUSED,
  "/api/applications/:id/xlsform": REFUSED,
  "DELETE /api/applications/:id": REFUSED,
  "DELETE /api/applications/:id/submissions": REFUSED,
  "/api/usage": REFUSED,
  "/api/applications/:id/submissions/:submissionId (the collaborator's record)": READS,
  "/api/applications/:id/submissions/:submissionId (the owner's record)": READS,
  // The owner corrects the collaborator's record with a write token too, as reviews are made (a read token may not).
  "PUT /api/applications/:id/submissions/:submissionId (the collaborator's record)": {
    read: 403,
    write: 200,
    none: 404,
  },
  "/api/applications/:id/submissions/:submissionId/history (the collaborator's record)": READS,
  "/api/applications/:id/submissions/:submissionId/history (the owner's record)": READS,
  "POST /api/applications/:id/submissions/:submissionId/history/:versionId/restore (no such version)": {
    read: 403,
    write: 404,
    none: 404,
  },
  "POST /api/applications/:id/submissions/:submissionId/review (the collaborator's record)": {
    read: 403,
    write: 200,
    none: 404,
  },
  "POST /api/applications/:id/submissions/:submissionId/review (the owner's record)": {
    read: 403,
    write: 200,
    none: 404,
  },
  "/api/applications/:id/submissions/:submissionId/comments (the collaborator's record)": READS,
  "/api/applications/:id/submissions/:submissionId/comments (the owner's record)": READS,
  "POST /api/applications/:id/submissions/:submissionId/comments (the collaborator's record)": {
    read: 403,
    write: 201,
    none: 404,
  },
  "POST /api/applications/:id/submissions/:submissionId/comments (the owner's record)": {
    read: 403,
    write: 201,
    none: 404,
  },
  "/api/applications/:id/limit": READS,
  // Per-record answers: a read or unscoped token's record is refused inside the 200 (the snapshot proves it).
  "POST /api/sync": { read: 200, write: 200, none: 200 },
  "/api/applications/:id/data-view": READS,
  "/api/applications/:id/records": READS,
  "/api/applications/:id/records/map-view": READS,
  "/api/applications/:id/charts/timeline": READS,
  "/api/applications/:id/export.csv": READS,
  "/api/applications/:id/export.xlsx": READS,
  "/api/applications/:id/export.kml": READS,
  "/api/applications/:id/export.geojson": READS,
  "/api/applications/:id/charts (a field that cannot be charted)": { read: 400, write: 400, none: 404 },
  "/api/applications/:id/records/:recordId (the owner's record)": READS,
  "DELETE /api/applications/:id/records/:recordId (the collaborator's record)": { read: 403, write: 204, none: 404 },
  // Form files: read with the form, attached and removed by the form's administrators only.
  "/api/applications/:id/form-files": READS,
  "POST /api/applications/:id/form-files": REFUSED,
  "/api/applications/:id/form-files/:fileId (no such file, GET)": { read: 404, write: 404, none: 404 },
  "DELETE /api/applications/:id/form-files/:fileId (no such file, DELETE)": REFUSED,
  "/api/applications/:id/form-files/:fileId/table (no such file)": { read: 404, write: 404, none: 404 },
  // Team offline areas: read with the application, defined by its administrators only.
  "/api/applications/:id/offline-areas": READS,
  "POST /api/applications/:id/offline-areas": REFUSED,
  "DELETE /api/applications/:id/offline-areas/:areaId (no such area)": REFUSED,
  // Entities are read with the application's records; lists, the form's action and conflicts are administration.
  "/api/applications/:id/entities": READS,
  "/api/applications/:id/entities/:entityId (no such entity)": { read: 404, write: 404, none: 404 },
  "POST /api/applications/:id/entities/:entityId/resolve (no such entity)": REFUSED,
  "/api/applications/:id/entity-lists": REFUSED,
  "POST /api/applications/:id/entity-lists": REFUSED,
  "/api/applications/:id/entity-action": REFUSED,
  "PUT /api/applications/:id/entity-action (no such list)": REFUSED,
  "DELETE /api/applications/:id/entity-action": REFUSED,
  "/api/applications/:id/entity-page (the form acts on no list)": { read: 404, write: 404, none: 404 },
  "/api/applications/:id/entity-map (the form acts on no list)": { read: 404, write: 404, none: 404 },
  "/api/applications/:id/entity-export (the form acts on no list)": { read: 404, write: 404, none: 404 },
  // Entities are made by API clients too: a write token may, a read token may not.
  "POST /api/applications/:id/entities (the form acts on no list)": { read: 403, write: 404, none: 404 },
  "POST /api/applications/:id/entity-upload (the form acts on no list)": { read: 403, write: 404, none: 404 },
  "/api/odata/entities/:id (the form acts on no list)": { read: 404, write: 404, none: 404 },
  "/api/odata/entities/:id/ (the form acts on no list)": { read: 404, write: 404, none: 404 },
  "/api/odata/entities/:id/$metadata (the form acts on no list)": { read: 404, write: 404, none: 404 },
  "/api/odata/entities/:id/Entities (the form acts on no list)": { read: 404, write: 404, none: 404 },
  "/api/applications/:id/collect-map/records": READS,
  // Team layers: read with the application, uploaded and edited by its administrators only.
  "/api/applications/:id/team-layers": READS,
  "POST /api/applications/:id/team-layers": REFUSED,
  "/api/applications/:id/team-layers/:layerId/features (no such layer)": { read: 404, write: 404, none: 404 },
  "PATCH /api/applications/:id/team-layers/:layerId (no such layer)": REFUSED,
  "DELETE /api/applications/:id/team-layers/:layerId (no such layer)": REFUSED,
  // Webhooks are the application's configuration: no token administers it.
  "/api/applications/:id/webhooks": REFUSED,
  "POST /api/applications/:id/webhooks": REFUSED,
  "POST /api/applications/:id/webhooks (invalid body)": REFUSED,
  "PATCH /api/applications/:id/webhooks/:endpointId (no such endpoint, PATCH)": REFUSED,
  "DELETE /api/applications/:id/webhooks/:endpointId (no such endpoint, DELETE)": REFUSED,
  "/api/applications/:id/webhooks/:endpointId/deliveries (no such endpoint)": REFUSED,
  "POST /api/applications/:id/webhooks/:endpointId/ping (no such endpoint)": REFUSED,
  "POST /api/applications/:id/webhooks/:endpointId/deliveries/:deliveryId/redeliver (no such endpoint)": REFUSED,
  // Public links are the application's administration: no token manages them.
  "/api/applications/:id/public-links": REFUSED,
  "POST /api/applications/:id/public-links": REFUSED,
  "POST /api/applications/:id/public-links (invalid body)": REFUSED,
  "PATCH /api/applications/:id/public-links/:linkId": REFUSED,
  "/api/applications/:id/public-links/:linkId/records": REFUSED,
  "POST /api/applications/:id/public-links/:linkId/revoke": REFUSED,
  "PATCH /api/applications/:id/public-links/:linkId (no such link)": REFUSED,
  // The OData feed is read like an export: what Excel and Power BI are given tokens for.
  "/api/odata/applications/:id": READS,
  "/api/odata/applications/:id/": READS,
  "/api/odata/applications/:id/$metadata": READS,
  "/api/odata/applications/:id/Records": READS,
  "/api/odata/applications/:id/Records/$count": READS,
  "/api/team/members?applicationId=:id": REFUSED,
  "/api/team/invites": REFUSED,
  "POST /api/team/invites": REFUSED,
  "DELETE /api/team/invites/:inviteId (the owner's pending invite)": REFUSED,
  "PATCH /api/team/members/:memberId/applications/:id (the admin's role)": REFUSED,
  "DELETE /api/team/members/:memberId/applications/:id (the collaborator)": REFUSED,
  "PATCH /api/team/members/:memberId (the collaborator's status)": REFUSED,
  // Public: a token changes nothing there.
  "/api/invites/validate?token= (forged)": { read: 200, write: 200, none: 200 },
  "POST /api/invites/accept (forged token)": REFUSED,
};

function tokenExpectation(route: RouteCase, kind: TokenKind): number {
  if (kind === "revoked" || kind === "expired") return route.expected.anonymous;
  const key = route.method === "GET" ? route.route : `${route.method} ${route.route}`;
  const expected = TOKEN_EXPECTED[key];
  if (!expected) throw new Error(`${key}: add the token expectations to TOKEN_EXPECTED`);
  return expected[kind];
}

const SUPER_ADMIN_EMAIL = "root-matrix@campo.test";

describe("permission matrix", () => {
  let server: TestServer;
  const clients = {} as Record<Role, HttpClient>;
  const users = {} as Record<Exclude<Role, "anonymous">, { id: string; email: string }>;
  let shared: Target;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, ...TRUST_PROXY_ENV } });
    for (const role of ROLES) {
      clients[role] = server.client();
      if (role === "anonymous") continue;
      const email = role === "superAdmin" ? SUPER_ADMIN_EMAIL : `${role}-matrix@campo.test`;
      users[role] = await signUpAs(clients[role], email);
    }
    // A custom plan: unlimited applications for the fresh targets, and clearing data allowed (paid plan).
    await subscribe(server.context.database.db, users.owner.id, "custom");
    shared = await makeTarget();
  });
  afterAll(() => server.stop());

  const db = () => server.context.database.db;

  async function makeTarget(): Promise<Target> {
    const secret = randomBytes(6).toString("hex");
    const secrets = [
      `Segredo ${secret}`,
      `Descrição secreta ${secret}`,
      `Rótulo secreto ${secret}`,
      `resposta-secreta-${secret}`,
    ] as const;
    const created = await createApplicationVia(
      clients.owner,
      applicationForm(secrets[0], [textField(secrets[2])], { description: secrets[1] }),
    );
    const applicationId = created.application.id;
    const grant = (role: "collaborator" | "admin") =>
      grantRole(db(), {
        ownerId: users.owner.id,
        userId: users[role].id,
        email: users[role].email,
        applicationId,
        role: role === "admin" ? "admin_invited" : "collaborator",
      });
    const memberIds = { collaborator: await grant("collaborator"), admin: await grant("admin") };
    const invite = await insertInvite(db(), {
      ownerId: users.owner.id,
      invitedBy: users.owner.id,
      tokenHash: randomBytes(32).toString("hex"),
      email: `pending-${secret}@campo.test`,
      name: "Convite pendente",
      grants: [{ applicationId, role: "collaborator" }],
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    const [field, ...otherFields] = created.fields;
    assert(field);
    const answers = { [field.id]: secrets[3] };
    const submissionIds = {
      owner: await insertSubmission(db(), {
        applicationId,
        ownerId: users.owner.id,
        submitterId: users.owner.id,
        answers,
      }),
      collaborator: await insertSubmission(db(), {
        applicationId,
        ownerId: users.owner.id,
        submitterId: users.collaborator.id,
        answers,
      }),
    };
    const publicLink = await insertPublicLink(db(), {
      applicationId,
      token: randomBytes(24).toString("base64url"),
      name: "Link da matriz",
    });
    return {
      applicationId,
      fields: [field, ...otherFields],
      submissionIds,
      memberIds,
      inviteId: invite.id,
      publicLinkId: publicLink.id,
      secrets,
    };
  }

  /** What a refused request must not have changed. */
  async function snapshot(target: Target) {
    const [application] = await db().select().from(applications).where(eq(applications.id, target.applicationId));
    const fields = await db().select().from(formFields).where(eq(formFields.applicationId, target.applicationId));
    const [count] = await db()
      .select({ records: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(eq(formSubmissions.applicationId, target.applicationId));
    assert(count);
    return { application, fields, records: count.records, invite: await findInvite(db(), target.inviteId) };
  }

  const cases = ROUTES.flatMap((route) =>
    ROLES.map((role) => ({
      ...route,
      role,
      title: `${route.method} ${route.route} as ${role} → ${route.expected[role]}`,
    })),
  );

  it.each(cases)("$title", async (testCase) => {
    const target = testCase.destructive ? await makeTarget() : shared;
    const before = await snapshot(target);
    const body = testCase.body?.(target, testCase.role);
    const response = await clients[testCase.role].request(testCase.path(target, testCase.role), {
      method: testCase.method,
      ...(body === undefined ? {} : { json: body }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(testCase.expected[testCase.role]);

    const reveals = testCase.reveals ?? ROLES.filter((role) => testCase.expected[role] < 300);
    if (!reveals.includes(testCase.role) || response.status >= 300) {
      for (const secret of target.secrets) expect(text).not.toContain(secret);
    }
    if (response.status >= 300) expect(await snapshot(target)).toEqual(before);
  });

  const tokenCases = ROUTES.flatMap((route) =>
    TOKEN_KINDS.map((kind) => ({
      ...route,
      kind,
      title: `${route.method} ${route.route} with the owner's ${kind} token → ${tokenExpectation(route, kind)}`,
    })),
  );

  async function ownerToken(target: Target, kind: TokenKind): Promise<string> {
    const elsewhere = kind === "none" ? (await makeTarget()).applicationId : target.applicationId;
    const access = kind === "read" ? "read" : "write";
    const { id, token } = await createTestApiToken(db(), users.owner.id, [{ applicationId: elsewhere, access }], {
      expiresAt: kind === "expired" ? new Date(Date.now() - 1000) : null,
    });
    if (kind === "revoked") await db().update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id));
    return token;
  }

  it.each(tokenCases)("$title", async (testCase) => {
    const target = testCase.destructive ? await makeTarget() : shared;
    const token = await ownerToken(target, testCase.kind);
    const before = await snapshot(target);
    const body = testCase.body?.(target, "owner");
    // A script: the token and no cookie (the anonymous client never signs in).
    const response = await clients.anonymous.request(testCase.path(target, "owner"), {
      method: testCase.method,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { json: body }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(tokenExpectation(testCase, testCase.kind));
    if (response.status === 403 && TOKEN_EXPECTED[testCase.route] === REFUSED) {
      expect(text).toContain("API_TOKEN_NOT_ALLOWED");
    }

    const reveals = testCase.reveals ?? ROLES.filter((role) => testCase.expected[role] < 300);
    const live = testCase.kind === "read" || testCase.kind === "write";
    if (!live || !reveals.includes("owner") || response.status >= 300) {
      for (const secret of target.secrets) expect(text).not.toContain(secret);
    }
    // Only a live write token may change anything, and only with a success.
    if (testCase.kind !== "write" || response.status >= 300) expect(await snapshot(target)).toEqual(before);
  });
});

/**
 * `/api` routes that are not scoped to one application, each with the test file that covers who may call it. A new
 * route goes either into ROUTES above (application-scoped: every role is tried) or here, as one line.
 */
const OWN_TESTS: Record<string, string> = {
  "POST /api/billing/webhook": "server/routes/billing/billing-stripe.test.ts",
  "GET /api/auth/*": "server/routes/account/auth-endpoints.test.ts",
  "POST /api/auth/*": "server/routes/account/auth-endpoints.test.ts",
  "GET /api/health": "server/routes/health/health.test.ts",
  "GET /api/openapi.json": "server/openapi/openapi.test.ts",
  "GET /api/docs": "server/openapi/openapi.test.ts",
  "GET /api/docs/:asset": "server/openapi/openapi.test.ts",
  "GET /api/me": "server/routes/me/me.test.ts",
  "GET /api/config": "server/routes/me/me.test.ts",
  "POST /api/account/register": "server/routes/account/register.test.ts",
  "GET /api/account/profile": "server/routes/account/account.test.ts",
  "PATCH /api/account/profile": "server/routes/account/account.test.ts",
  "DELETE /api/account": "server/routes/account/account.test.ts",
  "GET /api/account/reset-token/:token": "server/routes/account/auth-endpoints.test.ts",
  "GET /api/account/tokens": "server/routes/account/api-tokens.test.ts",
  "POST /api/account/tokens": "server/routes/account/api-tokens.test.ts",
  "DELETE /api/account/tokens": "server/routes/account/api-tokens.test.ts",
  "DELETE /api/account/tokens/:id": "server/routes/account/api-tokens.test.ts",
  "POST /api/contact": "server/routes/contact/contact.test.ts",
  "POST /api/support": "server/routes/support/support.test.ts",
  "POST /api/applications/import/xlsform": "server/routes/xlsform/xlsform.test.ts",
  "GET /api/support/:id/image": "server/routes/support/support.test.ts",
  "PUT /api/attachments/:id": "server/routes/attachments/attachments.test.ts",
  "GET /api/attachments/:id": "server/routes/attachments/attachments.test.ts",
  "POST /api/team/members/:memberId/applications": "server/routes/team/team.test.ts",
  "DELETE /api/team/members/:memberId/applications/:applicationId": "server/routes/team/team.test.ts",
  "POST /api/team/invites/:id/resend": "server/routes/invites/invites.test.ts",
  "POST /api/invites/sign-up": "server/routes/invites/invites.test.ts",
  "GET /api/billing/subscription": "server/routes/billing/billing-permissions.test.ts",
  "POST /api/billing/check": "server/routes/billing/billing-permissions.test.ts",
  "POST /api/billing/checkout": "server/routes/billing/billing-permissions.test.ts",
  "POST /api/billing/portal": "server/routes/billing/billing-permissions.test.ts",
  "POST /api/billing/change-plan": "server/routes/billing/billing-permissions.test.ts",
  "POST /api/billing/cancel": "server/routes/billing/billing-permissions.test.ts",
  "POST /api/billing/resume": "server/routes/billing/billing-permissions.test.ts",
  "GET /api/billing/invoices": "server/routes/billing/billing-permissions.test.ts",
  "GET /api/billing/local/sessions/:id": "server/routes/billing/billing-local.test.ts",
  "POST /api/billing/local/sessions/:id/pay": "server/routes/billing/billing-local.test.ts",
  "POST /api/billing/local/sessions/:id/cancel": "server/routes/billing/billing-local.test.ts",
  "POST /api/billing/local/simulate": "server/routes/billing/billing-local.test.ts",
  "GET /api/me/permissions": "server/routes/me/permissions.test.ts",
  "GET /api/change-log": "server/routes/change-log/change-log.test.ts",
  "GET /api/change-log/filters": "server/routes/change-log/change-log.test.ts",
  "GET /api/dashboard": "server/routes/overview/overview.test.ts",
  "GET /api/overview": "server/routes/overview/overview.test.ts",
  "GET /api/overview/records": "server/routes/overview/overview.test.ts",
  "GET /api/overview/map-view": "server/routes/overview/overview.test.ts",
  "GET /api/admin/users": "server/routes/admin/admin-permissions.test.ts",
  "GET /api/admin/users/:id": "server/routes/admin/admin-permissions.test.ts",
  "PUT /api/admin/users/:id/limits": "server/routes/admin/admin-permissions.test.ts",
  "PATCH /api/admin/users/:id/status": "server/routes/admin/admin-permissions.test.ts",
  "POST /api/admin/users/:id/verification-email": "server/routes/admin/admin-permissions.test.ts",
  "POST /api/admin/users/:id/password-reset": "server/routes/admin/admin-permissions.test.ts",
  "GET /api/admin/applications": "server/routes/admin/admin-permissions.test.ts",
  "GET /api/admin/revenue": "server/routes/admin/admin-permissions.test.ts",
  "GET /api/admin/messages": "server/routes/admin/admin-permissions.test.ts",
  "GET /api/admin/messages/:kind/:id": "server/routes/admin/admin-permissions.test.ts",
  "PATCH /api/admin/messages/:kind/:id": "server/routes/admin/admin-permissions.test.ts",
  "POST /api/admin/messages/:kind/:id/replies": "server/routes/admin/admin-permissions.test.ts",
  "GET /api/admin/emails": "server/routes/admin/admin-permissions.test.ts",
  "GET /api/admin/emails/:id": "server/routes/admin/admin-permissions.test.ts",
  "POST /api/analytics": "server/routes/analytics/analytics.test.ts",
  "GET /api/admin/analytics/summary": "server/routes/analytics/admin-analytics.test.ts",
  "GET /api/blog/posts": "server/routes/blog/blog.test.ts",
  "GET /api/blog/posts/:slug": "server/routes/blog/blog.test.ts",
  "GET /api/blog/covers/:name": "server/routes/blog/blog.test.ts",
  "GET /api/blog/images/:postId/:name": "server/routes/blog/blog.test.ts",
  "GET /api/blog-admin/posts": "server/routes/blog/blog.test.ts",
  "POST /api/blog-admin/posts": "server/routes/blog/blog.test.ts",
  "GET /api/blog-admin/posts/:id": "server/routes/blog/blog.test.ts",
  "PUT /api/blog-admin/posts/:id": "server/routes/blog/blog.test.ts",
  "POST /api/blog-admin/posts/:id/publish": "server/routes/blog/blog.test.ts",
  "POST /api/blog-admin/posts/:id/unpublish": "server/routes/blog/blog.test.ts",
  "DELETE /api/blog-admin/posts/:id": "server/routes/blog/blog.test.ts",
  "PUT /api/blog-admin/posts/:id/cover": "server/routes/blog/blog.test.ts",
  "POST /api/blog-admin/posts/:id/images": "server/routes/blog/blog.test.ts",
  "GET /api/public/links/:token": "server/routes/public-links/public-links.test.ts",
  "GET /api/public/links/:token/challenge": "server/routes/public-links/public-links.test.ts",
  "POST /api/public/links/:token/sync": "server/routes/public-links/public-links.test.ts",
  "GET /api/public/links/:token/form-files": "server/routes/public-links/public-link-files.test.ts",
  "GET /api/public/links/:token/form-files/:fileId": "server/routes/public-links/public-link-files.test.ts",
  "GET /api/public/links/:token/form-files/:fileId/table": "server/routes/public-links/public-link-files.test.ts",
  "PUT /api/public/links/:token/attachments/:sha256": "server/routes/public-links/public-link-files.test.ts",
  "DELETE /api/blog-admin/posts/:id/cover": "server/routes/blog/blog.test.ts",
};

describe("every /api route is in the permission matrix or has its own listed test", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("leaves no route out", () => {
    const inMatrix = ROUTES.map((entry) => ({ method: entry.method, path: entry.route.split(/[ ?]/)[0] ?? "" }));
    const apiRoutes = new Set(
      server.app.routes
        .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
        .map((route) => `${route.method} ${route.path}`),
    );
    const missing = [...apiRoutes].filter((key) => {
      if (key in OWN_TESTS) return false;
      const [method, path = ""] = key.split(" ");
      const pattern = routePattern(path);
      return !inMatrix.some((entry) => entry.method === method && pattern.test(entry.path));
    });
    expect(
      missing.map(
        (key) =>
          `${key}: add it to ROUTES in server/routes/permission-matrix.test.ts (application-scoped) ` +
          `or to OWN_TESTS there with the test file that covers it`,
      ),
    ).toEqual([]);
    const stale = Object.keys(OWN_TESTS).filter((key) => !apiRoutes.has(key));
    expect(stale.map((key) => `${key} is listed in OWN_TESTS but the app has no such route`)).toEqual([]);
    for (const file of new Set(Object.values(OWN_TESTS))) expect(existsSync(file), file).toBe(true);
  });
});
