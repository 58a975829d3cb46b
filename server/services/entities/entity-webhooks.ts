import type { Db } from "../../db/client.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import type { AppliedEntityChange, AppliedEntityChanges } from "./apply-entity-changes.ts";

function byApplication(changes: readonly AppliedEntityChange[]): Map<string, AppliedEntityChange[]> {
  const groups = new Map<string, AppliedEntityChange[]>();
  for (const change of changes) groups.set(change.applicationId, [...(groups.get(change.applicationId) ?? []), change]);
  return groups;
}

/**
 * entity.created and entity.updated, one per version made, to the webhooks of the application the change came
 * through (the record's form, or the application whose page or API made it), inside the change's transaction.
 */
export async function notifyEntityChanges(
  tx: Db,
  webhooks: WebhookEmitter,
  applied: AppliedEntityChanges,
): Promise<void> {
  for (const [applicationId, changes] of byApplication(applied.created))
    await webhooks.entity(tx, "entity.created", applicationId, changes);
  for (const [applicationId, changes] of byApplication(applied.updated))
    await webhooks.entity(tx, "entity.updated", applicationId, changes);
}
