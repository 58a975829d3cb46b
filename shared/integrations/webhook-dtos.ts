import { z } from "zod";
import { webhookEndpointInputSchema, type WebhookEvent } from "./webhook-events.ts";

/**
 * Why an endpoint is disabled: an administrator turned it off, its deliveries failed for 24 h, or the administrator
 * who created (or last enabled) it no longer administers the application.
 */
export const WEBHOOK_DISABLED_REASONS = ["manual", "failing", "creatorLostAccess"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** An endpoint as the API answers it; `secret` only in the answer to its creation. */
export interface WebhookEndpointDto {
  id: string;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  /** Failing since then (deliveries not answered with 2xx); null when the last attempt succeeded. */
  failingSince: string | null;
  disabledAt: string | null;
  /** Set exactly when `disabledAt` is. */
  disabledReason: WebhookDisabledReason | null;
}

export interface CreatedWebhookEndpointDto extends WebhookEndpointDto {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookDeliveryDto {
  id: string;
  event: WebhookEvent | "ping";
  status: WebhookDeliveryStatus;
  responseStatus: number | null;
  durationMs: number | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface WebhookDeliveryPageDto {
  deliveries: WebhookDeliveryDto[];
  total: number;
  page: number;
  pageSize: number;
}

export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;

/** PATCH: any of url, events, and `enabled: true` to enable a disabled endpoint again (false disables it). */
export const webhookEndpointUpdateSchema = webhookEndpointInputSchema
  .partial()
  .extend({ enabled: z.boolean().optional() })
  .strict();
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookDeliveryPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
