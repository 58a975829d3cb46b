/**
 * A local fake of the parts of Stripe's HTTP API Campo calls (customers, prices, products, checkout sessions,
 * subscriptions, billing portal), answering with the object shapes of Stripe's API (version 2025+: billing periods
 * on subscription items, an invoice's subscription under `parent.subscription_details`). It records every request
 * with its form-encoded body flattened as Stripe's SDK sends it (`line_items[0][price]`), so tests assert what
 * Campo asked for, and it plays the customer (completing a checkout) and Stripe's clock (events) for the tests.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface FakeRequest {
  method: string;
  path: string;
  /** Query string and form body, flattened: `metadata[userId]`, `expand[0]`. */
  params: Record<string, string>;
}

type StripeObject = Record<string, unknown> & { id: string };

export const FAKE_STRIPE_KEY = "sk_test_fake_campo";
export const FAKE_WEBHOOK_SECRET = "whsec_fake_campo";

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function list(data: unknown[], url: string) {
  return { object: "list", data, has_more: false, url };
}

function addPeriod(start: number, interval: string): number {
  const end = new Date(start * 1000);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return Math.floor(end.getTime() / 1000);
}

export class FakeStripe {
  readonly requests: FakeRequest[] = [];
  readonly customers = new Map<string, StripeObject>();
  readonly products = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Requests whose method and path match, e.g. ("POST", "/v1/subscriptions/"). */
  requestsTo(method: string, pathPrefix: string): FakeRequest[] {
    return this.requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix));
  }

  /** The customer pays on Stripe's page: the session completes and starts an active subscription. */
  completeCheckout(sessionId: string): StripeObject {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== "open")
      throw new Error(`session ${sessionId} is ${String(session.status)}: it cannot be paid`);
    const price = this.prices.get(String(session.price_id));
    if (!price) throw new Error("session without a price");
    const metadata = (session.subscription_metadata as Record<string, string>) ?? {};
    const subscription = this.createSubscription(String(session.customer), price, metadata);
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
    return subscription;
  }

  createSubscription(customer: string, price: StripeObject, metadata: Record<string, string>): StripeObject {
    const id = newId("sub");
    const start = now();
    const interval = String((price.recurring as { interval: string }).interval);
    const subscription: StripeObject = {
      id,
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: "brl",
      livemode: false,
      metadata,
      default_payment_method: this.paymentMethodId,
      latest_invoice: newId("in"),
      items: list(
        [this.item(id, price, start, addPeriod(start, interval))],
        `/v1/subscription_items?subscription=${id}`,
      ),
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  /** Changes a subscription as Stripe would on its own (renewal, dunning, the end of a period). */
  updateSubscription(id: string, patch: Record<string, unknown>): StripeObject {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return Object.assign(subscription, patch);
  }

  /** A webhook delivery as Stripe signs it: the body and its Stripe-Signature header. */
  signedEvent(
    type: string,
    object: Record<string, unknown>,
    created = now(),
  ): { id: string; body: string; signature: string } {
    const id = newId("evt");
    const body = JSON.stringify({
      id,
      object: "event",
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: JSON.parse(JSON.stringify(object)) },
    });
    return {
      id,
      body,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: FAKE_WEBHOOK_SECRET }),
    };
  }

  /** An invoice of a subscription, as invoice.paid / invoice.payment_failed carry it. */
  invoice(subscription: StripeObject, status: "paid" | "open"): StripeObject {
    const item = (
      subscription.items as {
        data: { price: { unit_amount: number }; current_period_start: number; current_period_end: number }[];
      }
    ).data[0];
    if (!item) throw new Error("a fake subscription always has one item");
    const amount = item.price.unit_amount;
    const id = newId("in");
    return {
      id,
      object: "invoice",
      customer: subscription.customer,
      number: `CAMPO-${randomBytes(2).toString("hex").toUpperCase()}`,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      amount_remaining: status === "paid" ? 0 : amount,
      currency: "brl",
      status,
      created: now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      hosted_invoice_url: `https://invoice.stripe.test/${id}`,
      invoice_pdf: `https://invoice.stripe.test/${id}/pdf`,
      livemode: false,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: list(
        [
          {
            id: newId("il"),
            object: "line_item",
            amount,
            currency: "brl",
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
        `/v1/invoices/${id}/lines`,
      ),
    };
  }

  private readonly paymentMethodId = newId("pm");

  private paymentMethod(id: string) {
    return {
      id,
      object: "payment_method",
      type: "card",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030, country: "BR", funding: "credit" },
    };
  }

  private item(subscriptionId: string, price: StripeObject, start: number, end: number) {
    return {
      id: newId("si"),
      object: "subscription_item",
      subscription: subscriptionId,
      price,
      quantity: 1,
      created: start,
      metadata: {},
      current_period_start: start,
      current_period_end: end,
    };
  }

  private expanded(subscription: StripeObject, expand: string[], prefix = ""): StripeObject {
    const copy = JSON.parse(JSON.stringify(subscription)) as StripeObject;
    if (expand.includes(`${prefix}default_payment_method`) && typeof copy.default_payment_method === "string") {
      copy.default_payment_method = this.paymentMethod(copy.default_payment_method);
    }
    return copy;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const params = Object.fromEntries([
      ...url.searchParams,
      ...new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
    ]);
    const method = req.method ?? "GET";
    this.requests.push({ method, path: url.pathname, params });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      return;
    }
    const missing = (what: string) =>
      send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } });
    const expand = Object.entries(params)
      .filter(([key]) => key.startsWith("expand["))
      .map(([, value]) => value);
    const path = url.pathname;
    let match: RegExpExecArray | null;

    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: newId("cus"),
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: metadataOf(params),
        created: now(),
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = Object.entries(params)
        .filter(([key]) => key.startsWith("lookup_keys["))
        .map(([, value]) => value);
      const found = [...this.prices.values()].filter(
        (price) => keys.includes(String(price.lookup_key)) && (params.active !== "true" || price.active),
      );
      return send(200, list(found, "/v1/prices"));
    }
    if (method === "POST" && path === "/v1/prices") {
      if (!params.product || !this.products.has(params.product)) return missing(`product: '${params.product}'`);
      const price = {
        id: newId("price"),
        object: "price",
        active: true,
        billing_scheme: "per_unit",
        created: now(),
        currency: params.currency,
        livemode: false,
        lookup_key: params.lookup_key ?? null,
        metadata: {},
        nickname: params.nickname ?? null,
        product: params.product,
        recurring: { interval: params["recurring[interval]"], interval_count: 1, usage_type: "licensed", meter: null },
        tax_behavior: "unspecified",
        type: "recurring",
        unit_amount: Number(params.unit_amount),
        unit_amount_decimal: params.unit_amount,
      };
      this.prices.set(price.id, price);
      return send(200, price);
    }
    if ((match = /^\/v1\/products\/([^/]+)$/.exec(path)) && method === "GET") {
      const product = this.products.get(match[1] ?? "");
      return product ? send(200, product) : missing(`product: '${match[1]}'`);
    }
    if (method === "POST" && path === "/v1/products") {
      const product = {
        id: params.id ?? newId("prod"),
        object: "product",
        active: true,
        name: params.name,
        created: now(),
        livemode: false,
        metadata: {},
      };
      this.products.set(product.id, product);
      return send(200, product);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs_test");
      const session = {
        id,
        object: "checkout.session",
        mode: params.mode,
        status: "open",
        payment_status: "unpaid",
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: metadataOf(params),
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        subscription: null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        created: now(),
        livemode: false,
        price_id: params["line_items[0][price]"],
        subscription_metadata: metadataOf(params, "subscription_data[metadata]"),
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === "POST") {
      const session = this.sessions.get(match[1] ?? "");
      if (!session) return missing(`checkout.session: '${match[1]}'`);
      if (session.status !== "open")
        return send(400, {
          error: {
            type: "invalid_request_error",
            message: "Only Checkout Sessions with a status of open can be expired.",
          },
        });
      session.status = "expired";
      return send(200, session);
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === "GET") {
      const session = this.sessions.get(match[1] ?? "");
      if (!session) return missing(`checkout.session: '${match[1]}'`);
      const copy = { ...session };
      const subscription =
        typeof session.subscription === "string" ? this.subscriptions.get(session.subscription) : undefined;
      if (expand.includes("subscription") && subscription)
        copy.subscription = this.expanded(subscription, expand, "subscription.");
      return send(200, copy);
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = this.subscriptions.get(match[1] ?? "");
      if (!subscription) return missing(`subscription: '${match[1]}'`);
      if (method === "POST") this.applyUpdate(subscription, params);
      return send(200, this.expanded(subscription, expand));
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!params.customer || !this.customers.has(params.customer)) return missing(`customer: '${params.customer}'`);
      const id = newId("bps");
      return send(200, {
        id,
        object: "billing_portal.session",
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
        created: now(),
        livemode: false,
      });
    }
    return missing(`endpoint ${method} ${path}`);
  }

  private applyUpdate(subscription: StripeObject, params: Record<string, string>): void {
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
      subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
    }
    const metadata = metadataOf(params);
    if (Object.keys(metadata).length > 0) subscription.metadata = metadata;
    const newPrice = params["items[0][price]"];
    if (newPrice) {
      const price = this.prices.get(newPrice);
      const items = subscription.items as { data: { id: string; price: StripeObject }[] };
      const item = items.data.find((entry) => entry.id === params["items[0][id]"]);
      if (price && item) item.price = price;
    }
  }
}

function metadataOf(params: Record<string, string>, prefix = "metadata"): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const name = new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`).exec(key)?.[1];
    if (name) found[name] = value;
  }
  return found;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
