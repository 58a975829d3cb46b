/**
 * The permission matrix's per-route fixtures, keyed by operation (`METHOD /contract/path`): the parameters and body
 * of a call, and what the route's handler decides beyond its contract's policy (each with its reason). The expected
 * statuses themselves come from the contract (matrix-expectations.ts). An operation with no fixture here is called
 * with its defaults: `:id` is the target application on application routes, every other parameter a fresh uuid (a
 * thing that does not exist), no body.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { applicationForm } from "../fixtures/application-fixtures.ts";
import type { LiveTokenKind, Role, Target } from "./matrix-expectations.ts";

export interface MatrixFixture {
  /** What this call tries, when an operation is tried more than once or not as its name says ("no such link"). */
  variant?: string;
  /** Path parameters beyond the defaults. */
  params?: (target: Target) => Record<string, string>;
  /** A query string, `?` included. */
  query?: (target: Target) => string;
  body?: (target: Target, role: Role) => unknown;
  /** What a caller the policy admits gets (default: the contract's success status). */
  admitted?: number;
  /** Where the handler decides more than the policy: the statuses that differ from the policy's, and why. */
  handler?: { why: string; roles?: Partial<Record<Role, number>>; tokens?: Partial<Record<LiveTokenKind, number>> };
  /** Roles whose successful answer may contain the target's content; by default every role answered with 2xx. */
  reveals?: Role[];
  /** A successful call changes or removes the target: each role then gets its own fresh one. */
  destructive?: boolean;
}

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

const NO_SUCH = (thing: string): MatrixFixture => ({ variant: `no such ${thing}`, admitted: 404 });

/** The entity routes on the target's form, which acts on no list (entity-data.test.ts covers a form that has one). */
const NO_LIST: MatrixFixture = { variant: "the form acts on no list", admitted: 404 };

const OWNERS_RECORD = (t: Target) => ({ submissionId: t.submissionIds.owner });
const COLLABORATORS_RECORD = (t: Target) => ({ submissionId: t.submissionIds.collaborator });
const ONLY_OWN_RECORDS = "collaborators reach only the records they submitted: another's is not found";
const WRITES_RECORDS = "changes a record: a read token may not (services' mayEditRecord/mayReview)";

/** The two records of the target, as the collaborator's own and as someone else's. */
function onBothRecords(fixture: MatrixFixture, forOwn: MatrixFixture["handler"] = undefined): MatrixFixture[] {
  const own = forOwn ? { handler: forOwn } : {};
  return [
    { ...fixture, ...own, variant: "the collaborator's record", params: COLLABORATORS_RECORD },
    {
      ...fixture,
      variant: "the owner's record",
      params: OWNERS_RECORD,
      handler: {
        why: `${ONLY_OWN_RECORDS}${forOwn ? `; ${forOwn.why}` : ""}`,
        roles: { ...forOwn?.roles, collaborator: 404 },
        ...(forOwn?.tokens ? { tokens: forOwn.tokens } : {}),
      },
    },
  ];
}

/** The caller's own views across its applications: the target shows only to its team. */
const OWN_VIEW: MatrixFixture = { reveals: ["collaborator", "admin", "owner"] };

const NO_FILE: MatrixFixture = { variant: "no file", admitted: 415 };

const BLOG_POST = () => ({
  title: "Notas da matriz",
  slug: `matriz-${randomBytes(4).toString("hex")}`,
  description: "",
  bodyMarkdown: "Texto",
  language: "pt-BR",
  translationOf: null,
});

const WEBHOOK_BODY = { url: "https://93.184.215.14/campo", events: ["record.created"] };

export const MATRIX_FIXTURES: Record<string, MatrixFixture[]> = {
  ...Object.fromEntries(
    [
      "GET /api/dashboard",
      "GET /api/overview",
      "GET /api/overview/records",
      "GET /api/change-log",
      "GET /api/me/permissions",
    ].map((operation) => [operation, [OWN_VIEW]]),
  ),
  // The filters name every application whose changes the caller may read: a super admin reads them all.
  "GET /api/change-log/filters": [{ reveals: ["collaborator", "admin", "owner", "superAdmin"] }],
  "GET /api/account/profile": [{ reveals: [] }],
  "GET /api/account/tokens": [{ reveals: [] }],
  "GET /api/overview/map-view": [{ ...OWN_VIEW, query: () => "?zoom=3" }],
  "DELETE /api/account/tokens/:id": [NO_SUCH("token")],
  "GET /api/attachments/:id": [NO_SUCH("attachment")],
  // The platform's administration: super admins only; what they find is covered in server/routes/admin tests.
  "GET /api/admin/users": [{}],
  "GET /api/admin/users/:id": [NO_SUCH("user")],
  "PUT /api/admin/users/:id/limits": [
    {
      ...NO_SUCH("user"),
      body: () => ({
        maxTeamMembers: 5,
        maxApplications: 5,
        maxSubmissions: 100,
        storageLimitGb: 1,
        monthlyPriceCents: 0,
        isCustomPlan: false,
      }),
    },
  ],
  "PATCH /api/admin/users/:id/status": [{ ...NO_SUCH("user"), body: () => ({ disabled: false }) }],
  "POST /api/admin/users/:id/verification-email": [NO_SUCH("user")],
  "POST /api/admin/users/:id/password-reset": [NO_SUCH("user")],
  "GET /api/admin/applications": [{}],
  "GET /api/admin/revenue": [{}],
  "GET /api/admin/analytics/summary": [{}],
  "GET /api/admin/messages": [{}],
  "GET /api/admin/messages/:kind/:id": [{ ...NO_SUCH("message"), params: () => ({ kind: "contact" }) }],
  "PATCH /api/admin/messages/:kind/:id": [
    { ...NO_SUCH("message"), params: () => ({ kind: "contact" }), body: () => ({ status: "archived" }) },
  ],
  "POST /api/admin/messages/:kind/:id/replies": [
    { ...NO_SUCH("message"), params: () => ({ kind: "support" }), body: () => ({ body: "Obrigado" }) },
  ],
  "GET /api/admin/emails": [{}],
  "GET /api/admin/emails/:id": [NO_SUCH("email")],
  "GET /api/support/:id/image": [NO_SUCH("message")],
  "GET /api/blog-admin/posts": [{}],
  "POST /api/blog-admin/posts": [{ body: BLOG_POST }],
  "GET /api/blog-admin/posts/:id": [NO_SUCH("post")],
  "PUT /api/blog-admin/posts/:id": [{ ...NO_SUCH("post"), body: BLOG_POST }],
  "POST /api/blog-admin/posts/:id/publish": [{ ...NO_SUCH("post"), body: () => ({}) }],
  "POST /api/blog-admin/posts/:id/unpublish": [NO_SUCH("post")],
  "DELETE /api/blog-admin/posts/:id": [NO_SUCH("post")],
  // Uploads: refused before the body is read; the super admin's empty body is not a file (blog.test.ts uploads).
  "POST /api/blog-admin/posts/:id/images": [NO_FILE],
  "PUT /api/blog-admin/posts/:id/cover": [NO_FILE],
  "DELETE /api/blog-admin/posts/:id/cover": [NO_SUCH("post")],
  "GET /api/applications": [
    // The list holds the caller's own applications and memberships; super admins read others' one by one.
    { reveals: ["collaborator", "admin", "owner"] },
  ],
  "POST /api/applications": [
    { body: (_t, role) => applicationForm(`Própria de ${role} ${randomBytes(3).toString("hex")}`), reveals: [] },
  ],
  "GET /api/applications/:id": [{}],
  "PUT /api/applications/:id": [
    { body: (t) => sameForm(t, t.secrets[0]) },
    // Access is decided before the body is read: an outsider learns nothing from validation errors either.
    { variant: "invalid body", body: () => ({ name: "" }), admitted: 400 },
  ],
  "DELETE /api/applications/:id": [{ destructive: true }],
  "GET /api/applications/:id/versions": [{ reveals: [] }],
  "GET /api/applications/:id/xlsform": [{}],
  "DELETE /api/applications/:id/submissions": [
    {
      destructive: true,
      handler: {
        why: "clearing every record: administrators while the owner pays (the target's does), and super admins",
        roles: { collaborator: 403 },
      },
    },
  ],
  "GET /api/applications/:id/webhooks": [{}],
  "POST /api/applications/:id/webhooks": [
    { body: () => WEBHOOK_BODY },
    { variant: "invalid body", body: () => ({ url: "not a url", events: [] }), admitted: 400 },
  ],
  // Access is decided before the endpoint is looked up (the webhook routes' own tests cover success).
  "PATCH /api/applications/:id/webhooks/:endpointId": [{ ...NO_SUCH("endpoint"), body: () => ({ enabled: true }) }],
  "DELETE /api/applications/:id/webhooks/:endpointId": [NO_SUCH("endpoint")],
  "GET /api/applications/:id/webhooks/:endpointId/deliveries": [NO_SUCH("endpoint")],
  "POST /api/applications/:id/webhooks/:endpointId/ping": [NO_SUCH("endpoint")],
  "POST /api/applications/:id/webhooks/:endpointId/deliveries/:deliveryId/redeliver": [NO_SUCH("endpoint")],
  // Public links let strangers write into the owner's records: those who edit the application manage them.
  "GET /api/applications/:id/public-links": [{}],
  "POST /api/applications/:id/public-links": [
    { body: (_t, role) => ({ name: `Link de ${role}`, maxRecords: 10 }) },
    { variant: "invalid body", body: () => ({ name: "" }), admitted: 400 },
  ],
  "PATCH /api/applications/:id/public-links/:linkId": [
    { params: (t) => ({ linkId: t.publicLinkId }), body: () => ({ name: "Link da matriz" }) },
    { ...NO_SUCH("link"), body: () => ({ paused: true }) },
  ],
  "GET /api/applications/:id/public-links/:linkId/records": [{ params: (t) => ({ linkId: t.publicLinkId }) }],
  "POST /api/applications/:id/public-links/:linkId/revoke": [
    { params: (t) => ({ linkId: t.publicLinkId }), destructive: true },
  ],
  // Entities: the list's entities for everyone who reads the application (their phones keep them); the lists, the
  // form's action and conflicts for those who edit it.
  "GET /api/applications/:id/entities": [{ reveals: [] }],
  "GET /api/applications/:id/entities/:entityId": [NO_SUCH("entity")],
  "POST /api/applications/:id/entities/:entityId/resolve": [
    { ...NO_SUCH("entity"), body: () => ({ version: 2, label: "Ipê", properties: {} }) },
  ],
  "GET /api/applications/:id/entity-lists": [{ reveals: [] }],
  "POST /api/applications/:id/entity-lists": [
    {
      body: (_t, role) => ({ name: `Árvores de ${role} ${randomBytes(3).toString("hex")}`, properties: [] }),
      reveals: [],
    },
  ],
  "GET /api/applications/:id/entity-action": [{ reveals: [] }],
  "PUT /api/applications/:id/entity-action": [
    { ...NO_SUCH("list"), body: () => ({ kind: "create", listId: randomUUID(), labelField: "nome", saves: {} }) },
  ],
  "DELETE /api/applications/:id/entity-action": [{ reveals: [] }],
  "GET /api/applications/:id/entity-page": [NO_LIST],
  "GET /api/applications/:id/entity-map": [NO_LIST],
  "GET /api/applications/:id/entity-export": [{ ...NO_LIST, query: () => "?format=geojson" }],
  "POST /api/applications/:id/entities": [{ ...NO_LIST, body: () => ({ label: "Ipê" }) }],
  "POST /api/applications/:id/entity-upload": [{ ...NO_LIST, body: () => ({ csv: "label\nIpê" }) }],
  "GET /api/odata/entities/:id": [NO_LIST],
  "GET /api/odata/entities/:id/": [NO_LIST],
  "GET /api/odata/entities/:id/:resource": ["$metadata", "Entities"].map((resource) => ({
    ...NO_LIST,
    variant: `${resource}, the form acts on no list`,
    params: () => ({ resource }),
  })),
  // Collectors' phones cache the form's files with the form.
  "GET /api/applications/:id/form-files": [{}],
  "POST /api/applications/:id/form-files": [
    {
      body: () => ({ name: "cities.csv", data: Buffer.from("name,label\nsp,São Paulo\n").toString("base64") }),
      destructive: true,
    },
  ],
  // Access is decided before the file is looked up (form-files.test.ts covers success).
  "GET /api/applications/:id/form-files/:fileId": [NO_SUCH("file")],
  "DELETE /api/applications/:id/form-files/:fileId": [NO_SUCH("file")],
  "GET /api/applications/:id/form-files/:fileId/table": [NO_SUCH("file")],
  // The team's phones list the areas to save; its administrators define them.
  "GET /api/applications/:id/offline-areas": [{}],
  "POST /api/applications/:id/offline-areas": [
    {
      body: () => ({
        name: "Fazenda",
        bbox: { west: -48, south: -16, east: -47.9, north: -15.9 },
        minZoom: 10,
        maxZoom: 14,
      }),
      destructive: true,
    },
  ],
  "DELETE /api/applications/:id/offline-areas/:areaId": [NO_SUCH("area")],
  "GET /api/applications/:id/collect-map/records": [{}],
  // The team's phones keep the layers with the form.
  "GET /api/applications/:id/team-layers": [{}],
  "POST /api/applications/:id/team-layers": [
    {
      body: () => ({
        name: "Talhões",
        fileName: "talhoes.geojson",
        content: JSON.stringify({ type: "Point", coordinates: [-47.9, -15.8] }),
      }),
      destructive: true,
    },
  ],
  "GET /api/applications/:id/team-layers/:layerId/features": [NO_SUCH("layer")],
  "PATCH /api/applications/:id/team-layers/:layerId": [{ ...NO_SUCH("layer"), body: () => ({ name: "Outro nome" }) }],
  "DELETE /api/applications/:id/team-layers/:layerId": [NO_SUCH("layer")],
  "GET /api/usage": [{ reveals: [] }],
  "GET /api/applications/:id/submissions/:submissionId": onBothRecords({}),
  "PUT /api/applications/:id/submissions/:submissionId": [
    {
      variant: "the collaborator's record",
      params: COLLABORATORS_RECORD,
      // The record keeps the same answers, so the shared target stays as it was.
      body: (t) => ({ answers: { [t.fields[0].id]: t.secrets[3] } }),
      handler: {
        why:
          "its submitter and the application's administrators edit it (a super admin without a role does not); " +
          WRITES_RECORDS,
        roles: { superAdmin: 403 },
        tokens: { read: 403 },
      },
    },
  ],
  "GET /api/applications/:id/submissions/:submissionId/history": onBothRecords({}),
  "POST /api/applications/:id/submissions/:submissionId/history/:versionId/restore": [
    {
      variant: "no such version",
      params: COLLABORATORS_RECORD,
      admitted: 404,
      // Restoring itself is covered in server/routes/submissions/record-review.test.ts.
      handler: {
        why: "reviewers only: the collaborator is refused before the version is looked up; " + WRITES_RECORDS,
        roles: { collaborator: 403 },
        tokens: { read: 403 },
      },
    },
  ],
  "POST /api/applications/:id/submissions/:submissionId/review": onBothRecords(
    { body: () => ({ state: "approved", comment: "Conferido" }), reveals: [] },
    {
      why:
        "administrators and super admins review; the submitter comments but does not judge their own record; " +
        WRITES_RECORDS,
      roles: { collaborator: 403 },
      tokens: { read: 403 },
    },
  ),
  "GET /api/applications/:id/submissions/:submissionId/comments": onBothRecords({}),
  "POST /api/applications/:id/submissions/:submissionId/comments": onBothRecords(
    { body: () => ({ body: "Confira a foto, por favor" }), reveals: [] },
    { why: WRITES_RECORDS, tokens: { read: 403 } },
  ),
  "GET /api/applications/:id/limit": [{ reveals: [] }],
  "POST /api/sync": [
    {
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
      // Always 200 with a per-record status: an outsider's or a read token's record is refused inside the answer
      // (application_not_found), which the snapshot proves.
      reveals: [],
      destructive: true,
    },
  ],
  // Every reader, each within their scope (collaborators: their own records; see server/routes/data tests).
  "GET /api/applications/:id/data-view": [{}],
  "GET /api/applications/:id/records": [{ query: () => "?limit=5" }],
  "GET /api/applications/:id/records/map-view": [{ query: () => "?zoom=3" }],
  "GET /api/applications/:id/charts/timeline": [{ query: () => "?interval=month" }],
  "GET /api/applications/:id/charts": [
    { variant: "a field that cannot be charted", query: (t) => `?field=${t.fields[0].id}`, admitted: 400 },
  ],
  "GET /api/applications/:id/records/:recordId": [
    {
      variant: "the owner's record",
      params: (t) => ({ recordId: t.submissionIds.owner }),
      handler: { why: ONLY_OWN_RECORDS, roles: { collaborator: 404 } },
    },
  ],
  "DELETE /api/applications/:id/records/:recordId": [
    {
      variant: "the collaborator's record",
      params: (t) => ({ recordId: t.submissionIds.collaborator }),
      destructive: true,
      handler: {
        why:
          "deleting a record is clearing data: administrators while the owner pays, super admins, never " +
          `collaborators; ${WRITES_RECORDS}`,
        roles: { collaborator: 403 },
        tokens: { read: 403 },
      },
    },
  ],
  // Spec 000 §6: administrators and super admins export; collaborators are refused.
  "GET /api/applications/:id/:file{export\\.[a-z]+}": ["csv", "xlsx", "kml", "geojson"].map((format) => ({
    variant: format,
    params: () => ({ file: `export.${format}` }),
  })),
  // The OData feed follows the exports' policy (server/routes/odata/odata.test.ts covers tokens and options).
  "GET /api/odata/applications/:id": [{}],
  "GET /api/odata/applications/:id/": [{}],
  "GET /api/odata/applications/:id/:resource": ["$metadata", "Records"].map((resource) => ({
    variant: resource,
    params: () => ({ resource }),
  })),
  "GET /api/odata/applications/:id/:resource/:segment": [
    { variant: "Records/$count", params: () => ({ resource: "Records", segment: "$count" }) },
  ],
  // Team: the services decide per member and application (policies/member-access.ts) behind `signedIn`.
  "GET /api/team/members": [
    {
      variant: "of the target",
      query: (t) => `?applicationId=${t.applicationId}`,
      handler: {
        why: "only those who manage the application's team list its members; to anyone else it does not exist",
        roles: { unrelated: 404, collaborator: 404, superAdmin: 404 },
      },
    },
  ],
  "GET /api/team/invites": [{ reveals: ["admin", "owner"] }],
  "POST /api/team/invites/:id/resend": [NO_SUCH("invite")],
  "POST /api/team/members/:memberId/applications": [
    { ...NO_SUCH("member"), body: (t) => ({ applicationId: t.applicationId, role: "collaborator" }) },
  ],
  "POST /api/team/invites": [
    {
      body: (t) => ({
        name: "Convidado",
        email: `invitee-${randomBytes(4).toString("hex")}@campo.test`,
        grants: [{ applicationId: t.applicationId, role: "collaborator" }],
      }),
      destructive: true,
      handler: {
        why: "inviting to an application is its administrators' (super admins only read); an outsider finds none",
        roles: { unrelated: 404, collaborator: 403, superAdmin: 403 },
      },
    },
  ],
  "DELETE /api/team/invites/:id": [
    {
      variant: "the owner's pending invite",
      params: (t) => ({ id: t.inviteId }),
      reveals: [],
      destructive: true,
      handler: {
        why: "the owner and whoever sent it cancel it; to anyone else it does not exist (the admin did not send it)",
        roles: { unrelated: 404, collaborator: 404, admin: 404, superAdmin: 404 },
      },
    },
  ],
  "PATCH /api/team/members/:memberId/applications/:applicationId": [
    {
      variant: "the admin's role",
      params: (t) => ({ memberId: t.memberIds.admin, applicationId: t.applicationId }),
      body: () => ({ role: "collaborator" }),
      reveals: [],
      destructive: true,
      handler: {
        why: "only the application's creator changes roles (the admin may not change its own)",
        roles: { unrelated: 404, collaborator: 403, admin: 403, superAdmin: 403 },
      },
    },
  ],
  "DELETE /api/team/members/:memberId/applications/:applicationId": [
    {
      variant: "the collaborator",
      params: (t) => ({ memberId: t.memberIds.collaborator, applicationId: t.applicationId }),
      destructive: true,
      handler: {
        why: "the application's administrators remove members; an outsider finds none",
        roles: { unrelated: 404, collaborator: 403, superAdmin: 403 },
      },
    },
  ],
  "PATCH /api/team/members/:memberId": [
    {
      // Team members are the owner's, shared by every target: the collaborator stays active for the cases after.
      variant: "the collaborator's status, unchanged",
      params: (t) => ({ memberId: t.memberIds.collaborator }),
      body: () => ({ status: "active" }),
      reveals: [],
      handler: {
        why: "status spans the owner's whole team: only the owner; the admin sees the member but may not",
        roles: { unrelated: 404, collaborator: 404, admin: 403, superAdmin: 404 },
      },
    },
  ],
  "GET /api/invites/validate": [
    { variant: "forged token", query: () => `?token=${randomBytes(32).toString("base64url")}`, reveals: [] },
  ],
  "POST /api/invites/accept": [
    { ...NO_SUCH("invite"), variant: "forged token", body: () => ({ token: randomBytes(32).toString("base64url") }) },
  ],
};
