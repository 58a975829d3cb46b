import { z } from "zod";
import { LANGUAGES, type Language } from "../i18n/languages.ts";
import { AUDIT_KINDS, type AuditKind } from "./audit-kinds.ts";

export const CHANGE_LOG_PAGE_DEFAULT = 25;
export const CHANGE_LOG_PAGE_MAX = 100;

const uuid = z.uuid();

/** GET /api/change-log's query: filters and the keyset cursor the previous page gave. */
export const changeLogQuerySchema = z.object({
  applicationId: uuid.optional(),
  actorId: uuid.optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CHANGE_LOG_PAGE_MAX).default(CHANGE_LOG_PAGE_DEFAULT),
});
/** @public a request type, kept for the typed API calls of issue 28. */
export type ChangeLogQuery = z.infer<typeof changeLogQuerySchema>;

/** A field whose answer a record entry changed, as the form has it now: its label per language (its name when it has none). */
export interface ChangeLogField {
  id: string;
  labels: Record<Language, string>;
  /** Removed from the form since; a field of an application deleted since is not listed at all. */
  removed: boolean;
}

export interface ChangeLogEntry {
  id: string;
  occurredAt: string;
  /** Null for changes the payment provider made (renewals, failed charges) or a deleted account's. */
  actor: { id: string | null; email: string | null } | null;
  application: { id: string; name: string | null } | null;
  kind: AuditKind;
  target: string | null;
  before: unknown;
  after: unknown;
  /** The fields named by the answers in before/after (record entries only). */
  fields: ChangeLogField[];
}

export interface ChangeLogPage {
  entries: ChangeLogEntry[];
  nextCursor: string | null;
}

/** The choices of the page's filters: the applications and people of the entries this user may read. */
export interface ChangeLogFilters {
  applications: { id: string; name: string }[];
  actors: { id: string; email: string }[];
}

const changeLogEntrySchema: z.ZodType<ChangeLogEntry> = z.object({
  id: z.uuid(),
  occurredAt: z.string(),
  actor: z.object({ id: z.uuid().nullable(), email: z.string().nullable() }).nullable(),
  application: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  kind: z.enum(AUDIT_KINDS),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  fields: z.array(
    z.object({
      id: z.uuid(),
      labels: z.object(
        Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<Language, z.ZodString>,
      ),
      removed: z.boolean(),
    }),
  ),
});

export const changeLogPageSchema: z.ZodType<ChangeLogPage> = z.object({
  entries: z.array(changeLogEntrySchema),
  nextCursor: z.string().nullable(),
});

export const changeLogFiltersSchema: z.ZodType<ChangeLogFilters> = z.object({
  applications: z.array(z.object({ id: z.uuid(), name: z.string() })),
  actors: z.array(z.object({ id: z.uuid(), email: z.string() })),
});
