import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { findApplication, type ApplicationRow } from "../../db/queries/applications.ts";
import { findLocale } from "../../db/queries/profiles.ts";
import { findRecord } from "../../db/queries/records.ts";
import {
  insertDeliveries,
  subscribedEndpoints,
  type NewWebhookDelivery,
  type WebhookEndpointRow,
} from "../../db/queries/webhooks.ts";
import { loadRecordFields } from "../records/record-query.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from "../../../shared/i18n/languages.ts";
import type { RecordField } from "../../../shared/records/answer-format.ts";
import type { WebhookEvent } from "../../../shared/integrations/webhook-events.ts";
import type { WebhookEventData } from "../../../shared/integrations/webhook-payloads.ts";
import { disableEndpointsOfFormerAdmin } from "./endpoint-creators.ts";
import { tellOwnerEndpointDisabled } from "./endpoint-disabled-notice.ts";
import { webhookRecord } from "./record-payload.ts";
import { webhookEntity } from "./entity-payload.ts";
import { findEntityWithVersion, type EntityVersionRef } from "../../db/queries/entities.ts";
import { dispatchDeliveries } from "./webhook-jobs.ts";

export type RecordEvent = Extract<WebhookEvent, `record.${string}`>;
export type EntityEvent = Extract<WebhookEvent, `entity.${string}`>;
type ApplicationEvent = Exclude<WebhookEvent, RecordEvent | EntityEvent>;

/**
 * Collects a change's webhook deliveries: `record`/`application` write the delivery rows inside the change's
 * transaction (so they exist exactly when the change does), `dispatch` sends their jobs once it has committed.
 * A delivery's id is its event id (payload `id`, header Campo-Event-Id): receivers deduplicate on it.
 */
export interface WebhookEmitter {
  /** Before a delete, so the payload still holds the record. */
  record(tx: Db, event: RecordEvent, applicationId: string, recordIds: readonly string[]): Promise<void>;
  /** One delivery per entity version made, with the entity as that version left it. */
  entity(tx: Db, event: EntityEvent, applicationId: string, changes: readonly EntityVersionRef[]): Promise<void>;
  /** `data` is typed by the event's documented payload (shared/integrations/webhook-payloads.ts). */
  application<E extends ApplicationEvent>(
    tx: Db,
    event: E,
    applicationId: string,
    data: WebhookEventData<E>,
  ): Promise<void>;
  /**
   * After a change that may take `userId`'s admin rights (role, membership, team status, account): disables the
   * endpoints they act for where they lost them (all of them when `accountDeleted`); the owner is e-mailed on dispatch.
   */
  adminRightsChanged(tx: Db, userId: string | null, accountDeleted?: boolean): Promise<void>;
  dispatch(): Promise<void>;
}

export function createWebhookEmitter(context: AppContext): WebhookEmitter {
  const queued: string[] = [];
  const disabledEndpoints: WebhookEndpointRow[] = [];
  const languages = new Map<string, Language>();
  const fieldsOf = new Map<string, RecordField[]>();

  async function languageOf(tx: Db, ownerId: string): Promise<Language> {
    let language = languages.get(ownerId);
    if (!language) {
      language = normalizeLanguage(await findLocale(tx, ownerId)) ?? DEFAULT_LANGUAGE;
      languages.set(ownerId, language);
    }
    return language;
  }

  async function queue(
    tx: Db,
    event: WebhookEvent,
    applicationId: string,
    items: { subjectKey: string; data: (application: ApplicationRow) => Promise<Record<string, unknown> | null> }[],
  ): Promise<void> {
    if (items.length === 0) return;
    const endpoints = await subscribedEndpoints(tx, applicationId, event);
    if (endpoints.length === 0) return;
    const application = await findApplication(tx, applicationId);
    if (!application) return;
    const occurredAt = new Date().toISOString();
    const rows: NewWebhookDelivery[] = [];
    for (const item of items) {
      const data = await item.data(application);
      if (!data) continue;
      for (const endpoint of endpoints) {
        const id = randomUUID();
        rows.push({
          id,
          endpointId: endpoint.id,
          event,
          subjectKey: item.subjectKey,
          payload: { id, event, occurredAt, application: { id: application.id, title: application.name }, ...data },
        });
      }
    }
    queued.push(...(await insertDeliveries(tx, rows)));
  }

  return {
    async record(tx, event, applicationId, recordIds) {
      await queue(
        tx,
        event,
        applicationId,
        recordIds.map((recordId) => ({
          subjectKey: recordId,
          data: async (application) => {
            let fields = fieldsOf.get(application.id);
            if (!fields) {
              fields = await loadRecordFields(tx, application.id);
              fieldsOf.set(application.id, fields);
            }
            const row = await findRecord(tx, { applicationId: application.id, submitterId: undefined }, recordId);
            if (!row) return null;
            const language = await languageOf(tx, application.ownerId);
            return { record: webhookRecord(row, fields, language, context.config.publicUrl) };
          },
        })),
      );
    },
    async entity(tx, event, applicationId, changes) {
      await queue(
        tx,
        event,
        applicationId,
        changes.map((change) => ({
          subjectKey: change.entityId,
          data: async () => {
            const found = await findEntityWithVersion(tx, change.entityId, change.version);
            return found ? { entity: webhookEntity(found.entity, found.list, found.version) } : null;
          },
        })),
      );
    },
    async application(tx, event, applicationId, data) {
      await queue(tx, event, applicationId, [{ subjectKey: applicationId, data: () => Promise.resolve(data) }]);
    },
    async adminRightsChanged(tx, userId, accountDeleted = false) {
      if (userId) disabledEndpoints.push(...(await disableEndpointsOfFormerAdmin(tx, userId, accountDeleted)));
    },
    async dispatch() {
      const ids = queued.splice(0);
      await dispatchDeliveries(context, ids);
      for (const endpoint of disabledEndpoints.splice(0))
        await tellOwnerEndpointDisabled(context, endpoint, "creatorLostAccess");
    },
  };
}

/** Runs a change with an emitter, then sends the deliveries it queued (the change has committed by then). */
export async function withWebhooks<T>(
  context: AppContext,
  change: (webhooks: WebhookEmitter) => Promise<T>,
): Promise<T> {
  const webhooks = createWebhookEmitter(context);
  const result = await change(webhooks);
  await webhooks.dispatch();
  return result;
}
