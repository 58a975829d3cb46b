import type { z, ZodObject, ZodType } from "zod";
import type { ErrorCode } from "../errors.ts";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call a route, decided by the server before the body is read (server/http/route-policies.ts):
 * - `public`: no session or token needed (a token, if sent, is ignored);
 * - `signedIn`: any signed-in user; the handler may apply a narrower rule of its own (e.g. a record's submitter);
 * - `superAdmin`: the platform's super admins (SUPER_ADMIN_EMAILS);
 * - `application.*`: a role in the application named by the `:id` path parameter, through
 *   server/policies/application-access.ts (`read`: every role; `edit`: owner and administrators; `export`, `review`,
 *   `comment`, `delete`, `publicLinks`, `writeEntities`: that policy's rule).
 */
export type RoutePolicy =
  | "public"
  | "signedIn"
  | "superAdmin"
  | "application.read"
  | "application.edit"
  | "application.export"
  | "application.review"
  | "application.comment"
  | "application.delete"
  | "application.publicLinks"
  | "application.writeEntities";

/**
 * One endpoint, declared once: the server registers, caps, authenticates, validates, authorizes and checks responses
 * from it (server/http/mount-route.ts); the OpenAPI document, the API-token allow-list and the body caps are derived
 * from it; the web client calls it through `callApi` (app/lib/api-call.ts), typed by the same schemas.
 */
export interface RouteContract {
  /** Unique across the API, camelCase: the OpenAPI operationId and the web client's query-key root. */
  operationId: string;
  method: HttpMethod;
  /** The Hono path (`/api/applications/:id/entities/:entityId`); `:name{regex}` restricts a segment. */
  path: string;
  /** The OpenAPI tag (the area of the reference this route belongs to). */
  tag: string;
  summary: string;
  /** Rules a caller needs beyond the summary (parameters the schema cannot list, side effects). */
  description?: string;
  policy: RoutePolicy;
  /** Whether an API token may call it (sessions always may, unless the policy is public). */
  token: boolean;
  params?: ZodObject;
  query?: ZodObject;
  /** A JSON body, read and validated after authorization. */
  body?: ZodType;
  /** A body that is not JSON (an upload): its media types; the handler reads it. */
  bodyMedia?: readonly string[];
  /** An empty request reads as `{}` (routes whose body fields are all optional). */
  bodyOptional?: boolean;
  /** The route checks each item's text itself (sync: one bad record must not fail its batch). */
  itemsCheckedApart?: boolean;
  /** Bodies larger (or smaller) than an ordinary JSON body; the code answered when over (default BODY_TOO_LARGE). */
  bodyCap?: { maxBytes: number; code?: ErrorCode };
  /** The 2xx JSON body. */
  response?: ZodType;
  /** The content types of a route that answers with a file instead of JSON. */
  media?: readonly string[];
  /** The success status (200 unless said). */
  status?: number;
  /** The catalogue errors the route itself may answer, beyond those its policy, validation and caps give. */
  errors: readonly ErrorCode[];
}

/**
 * What the web client reads of a contract, and all that the web build keeps of one (scripts/web-contracts.ts): the
 * client's calls read a contract through this type, so reading anything else fails the type check.
 */
export type WebContract = Pick<RouteContract, "operationId" | "method" | "path"> & { body?: unknown };

/** Declares a route; `const` keeps the path and schemas literal so callers get exact types. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** `/api/applications/:id/entities/:entityId` → `"id" | "entityId"`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? StripPattern<Name> | PathParamNames<`/${Tail}`>
    : StripPattern<Rest>
  : never;
type StripPattern<Name extends string> = Name extends `${infer Bare}{${string}` ? Bare : Name;

/** What a call must give: path parameters, query and JSON body, each typed by the contract. */
export type ContractInput<C extends RouteContract> = ([PathParamNames<C["path"]>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<C["path"]>, string> }) &
  (C["query"] extends ZodObject ? { query?: z.input<C["query"]> } : { query?: undefined }) &
  (C["body"] extends ZodType ? { body: z.input<C["body"]> } : { body?: undefined });

/** The success body a contract's route answers. */
export type ContractResponse<C extends RouteContract> = C["response"] extends ZodType ? z.output<C["response"]> : void;

/** The request path for a call: each `:name` replaced by its encoded value. */
export function contractPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)(?:\{[^}]+\})?/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
