/**
 * What the permission matrix expects of a route, derived from its contract: the policy decides each caller's status
 * before the handler runs (server/http/route-policies.ts, server/policies/application-access.ts), and `token` decides
 * whether an API token gets past the gate. A route's fixture (route-fixtures.ts) adds only what its handler decides
 * beyond the policy, each with its reason.
 */
import type { RouteContract, RoutePolicy } from "../../../shared/api/route-contract.ts";
import type { FieldDto } from "../fixtures/application-fixtures.ts";

/**
 * The callers: no session; a signed-in user with no role in the target (`unrelated`); the target's collaborator, its
 * invited administrator and its owner; a super admin with no role in it.
 */
export const ROLES = ["anonymous", "unrelated", "collaborator", "admin", "owner", "superAdmin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * The owner's API token: `read`/`write` scoped to the target, `none` to another of the owner's applications;
 * `revoked` and `expired` are write tokens that no longer count (the route answers as for anonymous).
 */
export const TOKEN_KINDS = ["read", "write", "none", "revoked", "expired"] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];
export type LiveTokenKind = Extract<TokenKind, "read" | "write" | "none">;

/** The shared application every case calls (destructive cases get a fresh one). */
export interface Target {
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

const ADMITTED = "admitted";
type PolicyAnswer = typeof ADMITTED | number;

const signedIn = (others: PolicyAnswer): Record<Role, PolicyAnswer> => ({
  anonymous: 401,
  unrelated: others,
  collaborator: others,
  admin: others,
  owner: others,
  superAdmin: others,
});

/** Readers of the application: every role in it, and super admins (who read every application). */
const READERS: Record<Role, PolicyAnswer> = { ...signedIn(ADMITTED), unrelated: 404 };
/** Those who administer it: owner and administrators; super admins only read. */
const EDITORS: Record<Role, PolicyAnswer> = { ...READERS, collaborator: 403, superAdmin: 403 };
/** Those who read every record: owner, administrators and super admins (spec 000 §6). */
const ALL_RECORDS: Record<Role, PolicyAnswer> = { ...READERS, collaborator: 403 };

/**
 * Each policy's answer per caller, written out from the policies' rules rather than computed by them, so the matrix
 * checks the server against the specification. An outsider to an application gets 404 (existence never leaks).
 */
const POLICY_ANSWERS: Record<RoutePolicy, Record<Role, PolicyAnswer>> = {
  public: { ...signedIn(ADMITTED), anonymous: ADMITTED },
  signedIn: signedIn(ADMITTED),
  superAdmin: { ...signedIn(403), superAdmin: ADMITTED },
  "application.read": READERS,
  "application.comment": READERS,
  "application.export": ALL_RECORDS,
  "application.review": ALL_RECORDS,
  "application.edit": EDITORS,
  "application.publicLinks": EDITORS,
  "application.writeEntities": EDITORS,
  "application.delete": { ...EDITORS, admin: 403 },
};

/** Policies that change records: a read-only token is refused even where the role may. */
const WRITING_POLICIES: readonly RoutePolicy[] = [
  "application.comment",
  "application.review",
  "application.writeEntities",
];

/** Each caller's status: the policy's answer, the admitted callers getting `admitted` (the route's own answer). */
export function expectedByPolicy(contract: RouteContract, admitted: number): Record<Role, number> {
  const answers = POLICY_ANSWERS[contract.policy];
  return Object.fromEntries(
    ROLES.map((role) => [role, answers[role] === ADMITTED ? admitted : answers[role]]),
  ) as Record<Role, number>;
}

/**
 * The owner's live token's status, given what the owner's session gets: refused at the gate where the contract
 * admits no token (403 API_TOKEN_NOT_ALLOWED), ignored on public routes, and narrowed on application routes (a token
 * scoped elsewhere sees no application; a read token writes nothing).
 */
export function expectedByToken(contract: RouteContract, owner: number): Record<LiveTokenKind, number> {
  if (contract.policy === "public") return { read: owner, write: owner, none: owner };
  if (!contract.token) return { read: 403, write: 403, none: 403 };
  if (!contract.policy.startsWith("application.")) return { read: owner, write: owner, none: owner };
  const read = WRITING_POLICIES.includes(contract.policy) ? 403 : owner;
  return { read, write: owner, none: 404 };
}
