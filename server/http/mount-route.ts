import type { Context, Hono } from "hono";
import type { z, ZodObject, ZodType } from "zod";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { parseWith, readJson, readOptionalJson } from "../lib/validation.ts";
import { authorize, type Authorized } from "./route-policies.ts";
import type { PathParamNames, RouteContract } from "../../shared/api/route-contract.ts";

/** What a handler receives: the caller as the policy admitted them and the request's parts, validated. */
export type RouteRequest<C extends RouteContract> = Authorized<C["policy"]> & {
  params: C["params"] extends ZodObject ? z.output<C["params"]> : Record<PathParamNames<C["path"]>, string>;
  query: C["query"] extends ZodObject ? z.output<C["query"]> : Record<string, never>;
  body: C["body"] extends ZodType ? z.output<C["body"]> : undefined;
};

export type RouteHandler<C extends RouteContract> = (
  c: Context<AppEnv>,
  request: RouteRequest<C>,
) => Response | Promise<Response>;

/**
 * Registers a contract's route. Every request goes through the same steps in the same order: the body cap (a
 * middleware derived from the contracts, before the stream is read), authentication and token admission, path and
 * query validation, authorization, the JSON body's validation, then the handler. Test servers also check the answer
 * against the contract's response schema (openapi/response-conformance.ts).
 */
export function mountRoute<const C extends RouteContract>(
  routes: Hono<AppEnv>,
  db: Db,
  contract: C,
  handler: RouteHandler<C>,
): void {
  routes.on(contract.method.toUpperCase(), contract.path, async (c) => {
    const rawParams = c.req.param() as Record<string, string>;
    const params = contract.params ? parseWith(contract.params, rawParams) : rawParams;
    const query = contract.query ? parseWith(contract.query, c.req.query()) : {};
    const caller = await authorize(db, c, contract, rawParams.id);
    const body = await readContractBody(c, contract);
    return handler(c, { ...caller, params, query, body } as RouteRequest<C>);
  });
}

async function readContractBody(c: Context<AppEnv>, contract: RouteContract): Promise<unknown> {
  if (!contract.body) return undefined;
  if (contract.bodyOptional) return readOptionalJson(c, contract.body);
  return readJson(c, contract.body, {
    ...(contract.bodyCap ? { maxBytes: contract.bodyCap.maxBytes } : {}),
    ...(contract.itemsCheckedApart ? { checkText: false } : {}),
  });
}
