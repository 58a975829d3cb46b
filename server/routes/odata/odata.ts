import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { ApiError } from "../../lib/api-error.ts";
import { handleError } from "../../middleware/error-handler.ts";
import { assertCanExport, loadAccess } from "../../policies/application-access.ts";
import { odataFeed } from "../../services/odata/odata-service.ts";
import { ERRORS } from "../../../shared/errors.ts";

const SERVICE_ROOT = "/api/odata/applications/:id";

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
 * GET /api/odata/applications/:id/[$metadata|Records|Records_<repeat>[_<inner>…]] — the read-only OData v4 feed of an
 * application for spreadsheets and BI (Excel, Power BI), authenticated by an API token (Basic with the token as the
 * password, or Bearer) or the session. Whoever may export the application reads its feed (the same policy as the
 * exports), and a token only within its scopes (loadAccess).
 */
export function odataRoutes(context: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError(odataError);

  const serve = async (c: Context<AppEnv>, resource: string | undefined) => {
    const access = await loadAccess(context.database.db, requireUser(c), c.req.param("id") ?? "");
    assertCanExport(access);
    const answer = await odataFeed(context.database, {
      access,
      resource,
      url: new URL(c.req.url),
      prefer: c.req.header("prefer"),
    });
    return new Response(answer.body, {
      headers: {
        "Content-Type": answer.contentType,
        "OData-Version": "4.0",
        "Cache-Control": "no-store",
        ...answer.headers,
      },
    });
  };

  routes.get(SERVICE_ROOT, (c) => serve(c, undefined));
  routes.get(`${SERVICE_ROOT}/`, (c) => serve(c, undefined));
  routes.get(`${SERVICE_ROOT}/:resource`, (c) => serve(c, c.req.param("resource")));
  return routes;
}
