import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { handleError } from "../../middleware/error-handler.ts";
import type { ReadableAccess } from "../../policies/application-access.ts";
import { odataFeed } from "../../services/odata/odata-service.ts";
import * as contracts from "../../../shared/api/contracts/odata.ts";
import { ERRORS } from "../../../shared/errors.ts";

/** A feed's answer as OData clients expect it: version 4.0, never cached (the data changes with every record). */
export function odataResponse(answer: {
  body: ConstructorParameters<typeof Response>[0];
  contentType: string;
  headers?: Record<string, string>;
}): Response {
  return new Response(answer.body, {
    headers: {
      "Content-Type": answer.contentType,
      "OData-Version": "4.0",
      "Cache-Control": "no-store",
      ...answer.headers,
    },
  });
}

/** OData's JSON error: the catalogue's code and message, each detail with a code, a message and its target. */
export function odataError(err: Error, c: Context): Response {
  const response =
    err instanceof ApiError
      ? c.json(
          {
            error: {
              code: err.code,
              message: err.message,
              ...(Array.isArray(err.details)
                ? {
                    details: (err.details as { target?: string; message?: string }[]).map((detail) => ({
                      code: err.code,
                      message: detail.message ?? err.message,
                      target: detail.target ?? null,
                    })),
                  }
                : {}),
            },
          },
          ERRORS[err.code].status as 400,
        )
      : handleError(err, c);
  response.headers.set("OData-Version", "4.0");
  // Excel and Power BI ask for credentials only when told how: Basic, the token as the password.
  if (response.status === 401) response.headers.set("WWW-Authenticate", 'Basic realm="Campo", charset="UTF-8"');
  return response;
}

/**
 * GET /api/odata/applications/:id/[$metadata|Records|Records_<repeat>[_<inner>…][/$count]] — the read-only OData v4
 * feed of an application for spreadsheets and BI (Excel, Power BI), authenticated by an API token (Basic with the
 * token as the password, or Bearer) or the session. The `$count` segment is a route contract (the others follow when
 * this file moves onto contracts). Whoever may export the application reads its feed (the same policy as the
 * exports), and a token only within its scopes (loadAccess).
 */
export function odataRoutes(context: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError(odataError);

  const db = context.database.db;
  const serve = async (c: Context<AppEnv>, access: ReadableAccess, resource: string | undefined, segment?: string) => {
    const answer = await odataFeed(context.database, {
      access,
      resource,
      segment,
      url: new URL(c.req.url),
      prefer: c.req.header("prefer"),
      versions: { maxVersion: c.req.header("odata-maxversion"), version: c.req.header("odata-version") },
    });
    return odataResponse(answer);
  };

  mountRoute(routes, db, contracts.getODataServiceDocument, (c, { access }) => serve(c, access, undefined));
  mountRoute(routes, db, contracts.getODataServiceDocumentSlash, (c, { access }) => serve(c, access, undefined));
  mountRoute(routes, db, contracts.getODataResource, (c, { access, params }) => serve(c, access, params.resource));
  mountRoute(routes, db, contracts.countODataSet, (c, { access, params }) =>
    serve(c, access, params.resource, params.segment),
  );
  return routes;
}
