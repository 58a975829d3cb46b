import { z } from "zod";
import type { ApplicationField } from "../applications/application-dtos.ts";
import type { Language } from "../i18n/languages.ts";

/** The largest cap a link may set on its records. */
export const PUBLIC_LINK_MAX_RECORDS = 1_000_000;
export const PUBLIC_LINK_NAME_MAX = 120;

/**
 * open: takes records. paused: the administrator stopped it for now. expired: past its end date. full: its cap
 * on records is reached. revoked: ended for good. Only `open` takes new records; the others keep the visitor's
 * records on the device (see docs/decisions.md "Public links").
 */
export const PUBLIC_LINK_STATUSES = ["open", "paused", "expired", "full", "revoked"] as const;
export type PublicLinkStatus = (typeof PUBLIC_LINK_STATUSES)[number];

const nameSchema = z.string().trim().min(1).max(PUBLIC_LINK_NAME_MAX);
const expiresSchema = z.iso.datetime({ offset: true }).nullable();
const maxRecordsSchema = z.int().min(1).max(PUBLIC_LINK_MAX_RECORDS).nullable();

/** POST /api/applications/:id/public-links. */
export const publicLinkInputSchema = z.object({
  name: nameSchema,
  expiresAt: expiresSchema.optional(),
  maxRecords: maxRecordsSchema.optional(),
  oneRecordPerDevice: z.boolean().optional(),
});
export type PublicLinkInput = z.output<typeof publicLinkInputSchema>;

/** PATCH /api/applications/:id/public-links/:linkId: any of the settings, and pausing (revocation has its own route). */
export const publicLinkUpdateSchema = z
  .object({
    name: nameSchema,
    expiresAt: expiresSchema,
    maxRecords: maxRecordsSchema,
    oneRecordPerDevice: z.boolean(),
    paused: z.boolean(),
  })
  .partial();
export type PublicLinkUpdate = z.output<typeof publicLinkUpdateSchema>;

export const PUBLIC_LINK_RECORDS_PAGE_SIZE = 50;
/** GET /api/applications/:id/public-links/:linkId/records?page= */
export const publicLinkRecordsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** One link as its administrators see it. */
export interface PublicLinkDto {
  id: string;
  name: string;
  /** The secret part of the visitor's address `/f/<token>`. */
  token: string;
  status: PublicLinkStatus;
  expiresAt: string | null;
  maxRecords: number | null;
  oneRecordPerDevice: boolean;
  recordsCount: number;
  pausedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export interface PublicLinkRecordDto {
  id: string;
  createdAt: string;
  clientCreatedAt: string | null;
  reviewState: string;
}

/** GET /api/public/links/:token: what a visitor's browser needs to show the form, and nothing else of the owner. */
export interface PublicFormDto {
  link: { name: string; status: PublicLinkStatus; oneRecordPerDevice: boolean };
  application: {
    id: string;
    name: string;
    description: string | null;
    formVersion: number;
    sectionPages: boolean;
    language?: Language;
  };
  fields: ApplicationField[];
}

/** GET /api/public/links/:token/challenge: the proof of work a browser solves before it sends records. */
export interface ProofChallengeDto {
  challenge: string;
  /** Leading zero bits the SHA-256 of `challenge.nonce` must have. */
  difficulty: number;
  /** How long a solved challenge is accepted, for any number of requests through this link. */
  validForSeconds: number;
}

/** The header carrying a solved challenge: `<challenge>.<nonce>`. */
export const PROOF_HEADER = "x-campo-proof";

/** Records per visitor request: a visitor's queue is short, and a small batch keeps the body cap small. */
export const PUBLIC_SYNC_BATCH_MAX = 10;

/** The body of POST /api/public/links/:token/sync: the outbox's envelope plus the visitor's device id. */
export const publicSyncEnvelopeSchema = z.object({
  deviceId: z.uuid(),
  records: z.array(z.unknown()).min(1).max(PUBLIC_SYNC_BATCH_MAX),
});
