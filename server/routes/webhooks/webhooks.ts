import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { listDeliveries, listEndpoints } from "../../db/queries/webhooks.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentWebhookDelivery, presentWebhookEndpoint } from "../../presenters/webhook-presenter.ts";
import {
  changeEndpoint,
  createEndpoint,
  loadEndpoint,
  redeliver,
  removeEndpoint,
  sendTestEvent,
} from "../../services/webhooks/manage-endpoints.ts";
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  type CreatedWebhookEndpointDto,
  type WebhookDeliveryPageDto,
} from "../../../shared/integrations/webhook-dtos.ts";
import * as contracts from "../../../shared/api/contracts/webhooks.ts";

/** An application's webhook endpoints and their delivery logs: for those who may edit the application. */
export function webhookRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.listWebhookEndpoints, async (c, { access }) => {
    const rows = await listEndpoints(db, access.application.id);
    return c.json({ endpoints: rows.map(presentWebhookEndpoint) });
  });

  mountRoute(routes, db, contracts.createWebhookEndpoint, async (c, { access, body }) => {
    const row = await createEndpoint(context, access.application, access.userId, body);
    const endpoint: CreatedWebhookEndpointDto = { ...presentWebhookEndpoint(row), secret: row.secret };
    return c.json({ endpoint }, 201);
  });

  mountRoute(routes, db, contracts.updateWebhookEndpoint, async (c, { access, params, body }) => {
    const endpoint = await loadEndpoint(context, access.application, params.endpointId);
    return c.json({ endpoint: presentWebhookEndpoint(await changeEndpoint(context, endpoint, access.userId, body)) });
  });

  mountRoute(routes, db, contracts.deleteWebhookEndpoint, async (c, { access, params }) => {
    await removeEndpoint(context, await loadEndpoint(context, access.application, params.endpointId));
    return c.body(null, 204);
  });

  mountRoute(routes, db, contracts.listWebhookDeliveries, async (c, { access, params, query }) => {
    const endpoint = await loadEndpoint(context, access.application, params.endpointId);
    const { rows, total } = await listDeliveries(db, endpoint.id, {
      limit: WEBHOOK_DELIVERY_PAGE_SIZE,
      offset: (query.page - 1) * WEBHOOK_DELIVERY_PAGE_SIZE,
    });
    const body: WebhookDeliveryPageDto = {
      deliveries: rows.map(presentWebhookDelivery),
      total,
      page: query.page,
      pageSize: WEBHOOK_DELIVERY_PAGE_SIZE,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  mountRoute(routes, db, contracts.redeliverWebhook, async (c, { access, params }) => {
    const endpoint = await loadEndpoint(context, access.application, params.endpointId);
    const delivery = await redeliver(context, endpoint, params.deliveryId);
    return c.json({ delivery: presentWebhookDelivery(delivery) }, 202);
  });

  mountRoute(routes, db, contracts.pingWebhookEndpoint, async (c, { access, params }) => {
    const endpoint = await loadEndpoint(context, access.application, params.endpointId);
    const delivery = await sendTestEvent(context, access.application, endpoint);
    return c.json({ delivery: presentWebhookDelivery(delivery) }, 202);
  });

  return routes;
}
