import { z } from "zod";
import { FIELD_CATEGORIES, FIELD_TYPES } from "../fields/field-types.ts";
import { APPLICATION_VISIBILITIES } from "../fields/field-config.ts";
import { APP_ROLES } from "../permissions/permissions.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import type {
  ApplicationDetail,
  ApplicationField,
  ApplicationSummary,
  ApplicationWithFields,
  ClearDataResult,
  OwnerLimitInfo,
  SubmissionDto,
} from "./application-dtos.ts";
import { REVIEW_STATES } from "../records/review-states.ts";
import { PLAN_TIERS } from "../plans/plans.ts";
import { appPermissionsSchema, capabilitiesSchema } from "../permissions/permission-schemas.ts";

/**
 * The application routes' answers as schemas for the OpenAPI reference and the test servers' response check. Each is
 * typed as its DTO (application-dtos.ts), so a field added to one and not the other fails to compile.
 */

const applicationBase = {
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  visibility: z.enum(APPLICATION_VISIBILITIES),
  active: z.boolean(),
  role: z.enum(APP_ROLES),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const applicationSummarySchema: z.ZodType<ApplicationSummary> = z.object({
  ...applicationBase,
  fieldsCount: z.number().int(),
  entriesCount: z.number().int(),
  capabilities: capabilitiesSchema,
});

export const applicationListSchema = z.object({ applications: z.array(applicationSummarySchema) });

const applicationDetailSchema: z.ZodType<ApplicationDetail> = z.object({
  ...applicationBase,
  ownerId: z.uuid(),
  formVersion: z.number().int(),
  sectionPages: z.boolean(),
  language: z.enum(LANGUAGES).optional(),
});

export const applicationFieldSchema: z.ZodType<ApplicationField> = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  fieldType: z.enum(FIELD_TYPES),
  label: z.string(),
  name: z.string(),
  parentName: z.string().nullable(),
  position: z.number().int(),
  category: z.enum(FIELD_CATEGORIES),
  config: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const applicationWithFieldsSchema: z.ZodType<ApplicationWithFields> = z.object({
  application: applicationDetailSchema,
  fields: z.array(applicationFieldSchema),
  permissions: appPermissionsSchema,
  capabilities: capabilitiesSchema,
});

export const clearDataResultSchema: z.ZodType<ClearDataResult> = z.object({
  deletedSubmissions: z.number().int(),
  deletedResponses: z.number().int(),
});

const submissionSchema: z.ZodType<SubmissionDto> = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  submitterId: z.uuid().nullable(),
  status: z.string(),
  formVersion: z.number().int(),
  reviewState: z.enum(REVIEW_STATES),
  answers: z.record(z.string(), z.unknown()),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      accuracy: z.number().nullable(),
      timestamp: z.string().nullable(),
    })
    .nullable(),
  clientCreatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET and PUT /api/applications/:id/submissions/:submissionId. */
export const submissionResponseSchema = z.object({ submission: submissionSchema });

/** GET /api/applications/:id/limit. */
export const ownerLimitSchema: z.ZodType<OwnerLimitInfo> = z.object({
  isSubscribed: z.boolean(),
  tier: z.enum(PLAN_TIERS),
  currentSubmissions: z.number().int(),
  maxSubmissions: z.number().int().nullable(),
  isNearLimit: z.boolean(),
  hasReachedLimit: z.boolean(),
  isSuperAdminOwner: z.boolean(),
  viewerIsOwner: z.boolean(),
});
