import { z, type ZodObject } from "zod";
import { WEBHOOK_EVENTS, type WebhookEvent } from "./webhook-events.ts";
import { entityValueSchema } from "../entities/entity-schemas.ts";
import { ENTITY_VERSION_SOURCES } from "../entities/entity-dtos.ts";

/**
 * The body of every webhook Campo sends, one schema per event: the OpenAPI document's `webhooks` section lists them,
 * and the sender's payload types are these schemas' types, so a payload cannot drift from its documentation. A new
 * event is one line in WEBHOOK_EVENTS and one line in WEBHOOK_EVENT_DATA below (the `satisfies` refuses a missing one).
 */

/** The record as webhooks send it: answers keyed by label, as the exports write them. */
export const webhookRecordSchema = z.object({
  id: z.uuid(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  submitter: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  reviewState: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number(), accuracy: z.number().nullable() }).nullable(),
  answers: z
    .record(z.string(), z.unknown())
    .describe(
      "Keyed by field label as in the exports; a repeat holds its entries (each keyed by its fields' labels); a line " +
        "or area holds its GeoJSON geometry.",
    ),
  media: z
    .array(z.object({ field: z.string(), url: z.string() }))
    .describe("Every photo and signature of the record (repeat entries included), fetchable with an API token."),
});
export type WebhookRecord = z.infer<typeof webhookRecordSchema>;

const recordData = z.object({ record: webhookRecordSchema });
const memberData = z.object({
  member: z.object({
    id: z.uuid(),
    userId: z.uuid().nullable(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
  }),
});

const entityValues = z.record(z.string(), entityValueSchema);

/** The entity as a webhook sends it: as the version the change made left it. */
export const webhookEntitySchema = z.object({
  id: z.uuid(),
  list: z.object({ id: z.uuid(), name: z.string() }),
  label: z.string(),
  properties: entityValues.describe("Keyed by property name, values as stored (text or number)"),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  version: z.number().int().positive(),
  conflict: z.boolean(),
  updatedAt: z.string(),
  change: z
    .object({
      source: z.enum(ENTITY_VERSION_SOURCES),
      recordId: z.uuid().nullable(),
      baseVersion: z.number().int().nullable(),
      changes: entityValues,
    })
    .describe("What made this version: its source, the record that made it (if any) and the properties it set"),
});
export type WebhookEntity = z.infer<typeof webhookEntitySchema>;
const entityData = z.object({ entity: webhookEntitySchema });

/** What each event adds to the common envelope (`ping` is the test event an administrator sends). */
export const WEBHOOK_EVENT_DATA = {
  "record.created": recordData,
  "record.updated": recordData,
  "record.deleted": recordData,
  "record.reviewed": recordData,
  "application.updated": z.object({ formVersion: z.number().int().positive() }),
  "member.added": memberData,
  "member.removed": memberData,
  "entity.created": entityData,
  "entity.updated": entityData,
  ping: z.object({}),
} satisfies Record<WebhookEvent | "ping", ZodObject>;

export type SentWebhookEvent = keyof typeof WEBHOOK_EVENT_DATA;
export const SENT_WEBHOOK_EVENTS = [...WEBHOOK_EVENTS, "ping"] as const satisfies readonly SentWebhookEvent[];

/** What an event's payload carries beyond the envelope, as the sender builds it. */
export type WebhookEventData<E extends SentWebhookEvent> = z.input<(typeof WEBHOOK_EVENT_DATA)[E]>;

/** The whole body of one event: its id (also the Campo-Event-Id header), the event, when, the application, its data. */
export function webhookPayloadSchema<E extends SentWebhookEvent>(event: E) {
  return z
    .object({
      id: z.uuid().describe("The event id, also sent as Campo-Event-Id: deduplicate on it"),
      event: z.literal(event),
      occurredAt: z.iso.datetime(),
      application: z.object({ id: z.uuid(), title: z.string() }),
    })
    .extend(WEBHOOK_EVENT_DATA[event].shape);
}
