import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { listDeliveries, listEndpoints } from "../../db/queries/webhooks.ts";
import { parseWith, readJson } from "../../lib/validation.ts";
import { assertCanEdit, loadAccess, type ReadableAccess } from "../../policies/application-access.ts";
import { presentWebhookDelivery, presentWebhookEndpoint } from "../../presenters/webhook-presenter.ts";
import {
  changeEndpoint,
  createEndpoint,
  loadEndpoint,
  redeliver,
  removeEndpoint,
  sendTestEvent,
} from "../../services/webhooks/manage-endpoints.ts";
import { webhookEndpointInputSchema } from "../../../shared/integrations/webhook-events.ts";
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  webhookDeliveryPageQuerySchema,
  webhookEndpointUpdateSchema,
  type CreatedWebhookEndpointDto,
  type WebhookDeliveryPageDto,
} from "../../../shared/integrations/webhook-dtos.ts";

const BASE = "/api/applications/:id/webhooks";
const ENDPOINT = `${BASE}/:endpointId`;

/** An application's webhook endpoints and their delivery logs: for those who may edit the application. */
export function webhookRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  async function editable(c: Context<AppEnv>): Promise<ReadableAccess> {
    const access = await loadAccess(db, requireUser(c), c.req.param("id") ?? "");
    assertCanEdit(access);
    return access;
  }

  routes.get(BASE, async (c) => {
    const access = await editable(c);
    const rows = await listEndpoints(db, access.application.id);
    return c.json({ endpoints: rows.map(presentWebhookEndpoint) });
  });

  routes.post(BASE, async (c) => {
    const access = await editable(c);
    const input = await readJson(c, webhookEndpointInputSchema);
    const row = await createEndpoint(context, access.application, access.userId, input);
    const endpoint: CreatedWebhookEndpointDto = { ...presentWebhookEndpoint(row), secret: row.secret };
    return c.json({ endpoint }, 201);
  });

  routes.patch(ENDPOINT, async (c) => {
    const access = await editable(c);
    const endpoint = await loadEndpoint(context, access.application, c.req.param("endpointId"));
    const input = await readJson(c, webhookEndpointUpdateSchema);
    return c.json({ endpoint: presentWebhookEndpoint(await changeEndpoint(context, endpoint, access.userId, input)) });
  });

  routes.delete(ENDPOINT, async (c) => {
    const access = await editable(c);
    await removeEndpoint(context, await loadEndpoint(context, access.application, c.req.param("endpointId")));
    return c.body(null, 204);
  });

  routes.get(`${ENDPOINT}/deliveries`, async (c) => {
    const access = await editable(c);
    const endpoint = await loadEndpoint(context, access.application, c.req.param("endpointId"));
    const { page } = parseWith(webhookDeliveryPageQuerySchema, c.req.query());
    const { rows, total } = await listDeliveries(db, endpoint.id, {
      limit: WEBHOOK_DELIVERY_PAGE_SIZE,
      offset: (page - 1) * WEBHOOK_DELIVERY_PAGE_SIZE,
    });
    const body: WebhookDeliveryPageDto = {
      deliveries: rows.map(presentWebhookDelivery),
      total,
      page,
      pageSize: WEBHOOK_DELIVERY_PAGE_SIZE,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  routes.post(`${ENDPOINT}/deliveries/:deliveryId/redeliver`, async (c) => {
    const access = await editable(c);
    const endpoint = await loadEndpoint(context, access.application, c.req.param("endpointId"));
    const delivery = await redeliver(context, endpoint, c.req.param("deliveryId"));
    return c.json({ delivery: presentWebhookDelivery(delivery) }, 202);
  });

  routes.post(`${ENDPOINT}/ping`, async (c) => {
    const access = await editable(c);
    const endpoint = await loadEndpoint(context, access.application, c.req.param("endpointId"));
    const delivery = await sendTestEvent(context, access.application, endpoint);
    return c.json({ delivery: presentWebhookDelivery(delivery) }, 202);
  });

  return routes;
}
