import type { Db } from "../../db/client.ts";
import {
  deleteRawEventsBefore,
  firstRawDay,
  lastRolledDay,
  rollUpDays,
  tryLockRollup,
} from "../../db/queries/analytics.ts";

/** Raw events are kept this long; their roll-ups stay. */
export const RAW_EVENT_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

export type RollupOutcome = { ran: false } | { ran: true; from: string | null; to: string; deleted: number };

/**
 * Rolls every finished day not yet rolled up (and the last rolled day again, which is harmless: upserts) into the
 * daily tables, then deletes raw events older than 90 days. One process at a time: the others skip the run.
 */
export async function runAnalyticsRollup(db: Db, now = new Date()): Promise<RollupOutcome> {
  return db.transaction(async (tx) => {
    if (!(await tryLockRollup(tx))) return { ran: false };
    const today = utcDay(now);
    const from = (await lastRolledDay(tx)) ?? (await firstRawDay(tx));
    if (from !== null && from < today) await rollUpDays(tx, from, today);
    const deleted = await deleteRawEventsBefore(
      tx,
      new Date(Date.parse(`${today}T00:00:00Z`) - RAW_EVENT_DAYS * DAY_MS),
    );
    return { ran: true, from, to: today, deleted };
  });
}
