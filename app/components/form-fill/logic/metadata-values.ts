import { toLocalDay, toOffsetDateTime, type MetadataKind } from "../../../../shared/fields/question-types.ts";
import type { FormShape } from "./form-structure.ts";
import type { FormValue, FormValues } from "./form-values.ts";

/** What the phone knows about a record being saved: when it began, who collects, on which install, time per question. */
export interface MetadataContext {
  startedAt: Date;
  now: Date;
  deviceId: string;
  username: string;
  email: string;
  /** Milliseconds each answer path held the focus since the form opened. */
  audit: Readonly<Record<string, number>>;
}

/**
 * A stored hidden or metadata answer as a form value: text as it is, numbers as text, an audit (an object) as its
 * JSON, which `metadataAnswer` reads back; anything else is dropped.
 */
export function metadataValue(answer: unknown): FormValue | undefined {
  if (typeof answer === "string" || typeof answer === "boolean") return answer;
  if (typeof answer === "number" && Number.isFinite(answer)) return String(answer);
  return typeof answer === "object" && answer !== null && !Array.isArray(answer) ? JSON.stringify(answer) : undefined;
}

function parsedAudit(value: FormValue | undefined): Record<string, number> {
  if (typeof value !== "string") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? Object.fromEntries(
          Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
        )
      : {};
  } catch {
    return {};
  }
}

export function metadataAnswer(kind: MetadataKind, value: FormValue): unknown {
  if (kind === "audit") return typeof value === "string" ? parsedAudit(value) : undefined;
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function sumAudit(stored: Record<string, number>, session: Readonly<Record<string, number>>): Record<string, number> {
  const total = { ...stored };
  for (const [path, ms] of Object.entries(session)) total[path] = (total[path] ?? 0) + Math.round(ms);
  return total;
}

/**
 * The values with every metadata field filled as the record is saved. What describes the record's first collection
 * (start, today, device, collector) stays as stored when a record is edited; `end` is the latest save, and the
 * audit adds this session's time to the stored one.
 */
export function withMetadata(shape: FormShape, values: FormValues, context: MetadataContext): FormValues {
  const next = { ...values };
  for (const field of shape.answered) {
    if (field.fieldType !== "metadata") continue;
    const stored = values[field.id];
    const fresh: Record<MetadataKind, () => string> = {
      start: () => toOffsetDateTime(context.startedAt),
      end: () => toOffsetDateTime(context.now),
      today: () => toLocalDay(context.startedAt),
      deviceid: () => context.deviceId,
      username: () => context.username,
      email: () => context.email,
      audit: () => JSON.stringify(sumAudit(parsedAudit(stored), context.audit)),
    };
    const kind = field.config.kind;
    const keep = kind !== "end" && kind !== "audit" && typeof stored === "string" && stored !== "";
    next[field.id] = keep ? stored : fresh[kind]();
  }
  return next;
}
