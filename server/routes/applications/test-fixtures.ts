/** Builders shared by the application API tests and the permission matrix (test code only). */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { addOwnerRecordsCreated } from "../../db/queries/usage.ts";
import {
  applicationMembers,
  applications,
  formFields,
  formSubmissions,
  subscriptions,
  teamMembers,
} from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { registrationFor } from "../../test-support/registration.ts";
import type { DesignedFieldInput } from "../../../shared/fields/field-config.ts";
import { requireRow } from "../../db/require-row.ts";

export interface FieldDto {
  id: string;
  fieldType: string;
  label: string;
  name: string;
  parentName: string | null;
  position: number;
  category: string;
  config: Record<string, unknown>;
}

/** A field of a response sent back in an edit, as the designer does (server-only keys are left out). */
export function resend(field: FieldDto, changes: Partial<FieldDto> = {}) {
  const { id, fieldType, label, name, parentName, position, config } = field;
  return { id, fieldType, label, name, parentName, position, config, ...changes };
}

export interface ApplicationResponse {
  application: {
    id: string;
    name: string;
    ownerId: string;
    role: string;
    description: string | null;
    active: boolean;
    visibility: string;
  };
  fields: FieldDto[];
  permissions: Record<string, unknown>;
  capabilities: Record<string, boolean>;
}

export function textField(label: string, id?: string): DesignedFieldInput {
  return { ...(id === undefined ? {} : { id }), fieldType: "text", label, position: 0, config: { required: false } };
}

export function choiceField(label: string, options: string[]): DesignedFieldInput {
  return { fieldType: "single_choice", label, position: 0, config: { options } };
}

export function applicationForm(
  name: string,
  fields: unknown[] = [textField("Nome")],
  extra: Record<string, unknown> = {},
) {
  return { name, visibility: "team", active: true, fields, ...extra };
}

/** Start the test server with this env so signUpAs can give each account its own client address. */
export const TRUST_PROXY_ENV = { TRUST_PROXY: "true" };

let nextAddress = 1;

/**
 * Signs a new account up from its own client address: sign-up is rate-limited per address (5 a minute) and
 * these tests need more accounts than that. Needs a server started with TRUST_PROXY_ENV.
 */
export async function signUpAs(client: HttpClient, email: string): Promise<{ id: string; email: string }> {
  const address = nextAddress++;
  const response = await client.request("/api/account/register", {
    method: "POST",
    json: registrationFor(email, "secret123", email.slice(0, email.indexOf("@"))),
    headers: { "x-forwarded-for": `10.0.${Math.floor(address / 250)}.${address % 250}` },
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return ((await (await client.get("/api/me")).json()) as { user: { id: string; email: string } }).user;
}

/** Creates an application through the API and returns its body (fails the test on any other status). */
export async function createApplicationVia(client: HttpClient, body: unknown): Promise<ApplicationResponse> {
  const response = await client.post("/api/applications", body);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as ApplicationResponse;
}

/**
 * Gives `userId` a role in the application the way accepted invites will: a team member of the owner linked to
 * the user, plus an application_members row (written directly: the team API is not needed for these tests).
 */
export async function grantRole(
  db: Db,
  grant: {
    ownerId: string;
    userId: string;
    email: string;
    applicationId: string;
    role: "admin_creator" | "admin_invited" | "collaborator";
  },
): Promise<string> {
  const [existing] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(sql`${teamMembers.ownerId} = ${grant.ownerId} and lower(${teamMembers.email}) = lower(${grant.email})`);
  const memberId =
    existing?.id ??
    requireRow(
      (
        await db
          .insert(teamMembers)
          .values({ ownerId: grant.ownerId, userId: grant.userId, name: grant.email, email: grant.email })
          .returning()
      )[0],
      "insert team member",
    ).id;
  await db
    .insert(applicationMembers)
    .values({ applicationId: grant.applicationId, teamMemberId: memberId, role: grant.role });
  return memberId;
}

/** Stores a record as the sync endpoint would, straight into the table. */
export async function insertSubmission(
  db: Db,
  record: { applicationId: string; ownerId: string; submitterId: string | null; answers: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID();
  await db.insert(formSubmissions).values({ id, ...record, payloadHash: id });
  await addOwnerRecordsCreated(db, record.ownerId, 1);
  return id;
}

export async function subscribe(db: Db, userId: string, tier: string): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ userId, tier, status: "active" })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { tier, status: "active" } });
}

/** Row counts of the tables an application request may write: a refused request must leave them unchanged. */
export async function tableCounts(db: Db) {
  const count = async (
    table: typeof applications | typeof formFields | typeof applicationMembers | typeof formSubmissions,
  ) => requireRow((await db.select({ n: sql<number>`count(*)::int` }).from(table))[0], "count rows").n;
  return {
    applications: await count(applications),
    formFields: await count(formFields),
    applicationMembers: await count(applicationMembers),
    formSubmissions: await count(formSubmissions),
  };
}

export async function submissionAnswers(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ answers: formSubmissions.answers })
    .from(formSubmissions)
    .where(eq(formSubmissions.id, id));
  return row?.answers;
}
