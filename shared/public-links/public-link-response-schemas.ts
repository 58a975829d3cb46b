import { z } from "zod";
import { applicationFieldSchema } from "../applications/application-response-schemas.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import {
  PUBLIC_LINK_STATUSES,
  type ProofChallengeDto,
  type PublicFormDto,
  type PublicLinkDto,
  type PublicLinkRecordDto,
} from "./public-link-dtos.ts";

/** The OpenAPI reference's (and CHECK_RESPONSES') shapes of the public link answers. */
const publicLinkSchema: z.ZodType<PublicLinkDto> = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  status: z.enum(PUBLIC_LINK_STATUSES),
  expiresAt: z.string().nullable(),
  maxRecords: z.number().nullable(),
  oneRecordPerDevice: z.boolean(),
  recordsCount: z.number(),
  pausedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const publicLinkListSchema = z.object({ links: z.array(publicLinkSchema) });
export const publicLinkResponseSchema = z.object({ link: publicLinkSchema });

const publicLinkRecordSchema: z.ZodType<PublicLinkRecordDto> = z.object({
  id: z.string(),
  createdAt: z.string(),
  clientCreatedAt: z.string().nullable(),
  reviewState: z.string(),
});

export const publicLinkRecordPageSchema = z.object({
  records: z.array(publicLinkRecordSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const publicFormSchema: z.ZodType<PublicFormDto> = z.object({
  link: z.object({ name: z.string(), status: z.enum(PUBLIC_LINK_STATUSES), oneRecordPerDevice: z.boolean() }),
  application: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    formVersion: z.number(),
    sectionPages: z.boolean(),
    language: z.enum(LANGUAGES).optional(),
  }),
  fields: z.array(applicationFieldSchema),
});

export const proofChallengeSchema: z.ZodType<ProofChallengeDto> = z.object({
  challenge: z.string(),
  difficulty: z.number(),
  validForSeconds: z.number(),
});
