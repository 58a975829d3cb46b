import type { Language } from "../i18n/languages.ts";
import type { FieldCategory, FieldType } from "../fields/field-types.ts";
import type { ApplicationVisibility } from "../fields/field-config.ts";
import type { AppPermissions, AppRole, ApplicationCapabilities } from "../permissions/permissions.ts";
import type { PlanTier } from "../plans/plans.ts";
import type { ReviewState } from "../records/review-states.ts";

/** The JSON the application, field, limit and submission routes answer with (server presenters build exactly these). */

/** What every application the API sends carries. `role` is 'none' for a super admin reading someone else's. */
export interface ApplicationBase {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  visibility: ApplicationVisibility;
  active: boolean;
  role: AppRole;
  createdAt: string;
  updatedAt: string;
}

/** A card of GET /api/applications. */
export interface ApplicationSummary extends ApplicationBase {
  fieldsCount: number;
  /** Collaborators: their own records; everyone else: all records of the application. */
  entriesCount: number;
  /** What the server lets this user do with the application. */
  capabilities: ApplicationCapabilities;
}

/** The application of GET/PUT/POST /api/applications[/:id]. */
export interface ApplicationDetail extends ApplicationBase {
  ownerId: string;
  /** The form's current version; records carry the version they were collected with. */
  formVersion: number;
  /** Collect one section per page with next/back. */
  sectionPages: boolean;
  /** The language of the fields' own texts (their translations hold the others); absent when unknown. */
  language?: Language;
}

/** A live form field (removed fields never leave the server). */
export interface ApplicationField {
  id: string;
  applicationId: string;
  fieldType: FieldType;
  label: string;
  /** Key in expressions (`${name}`) and XLSForm. */
  name: string;
  /** The section or repeat group holding the field, by name; null at the top level. */
  parentName: string | null;
  position: number;
  category: FieldCategory;
  config: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

/** GET, PUT and POST /api/applications[/:id]: the application, its live fields and what this user may do with it. */
export interface ApplicationWithFields {
  application: ApplicationDetail;
  fields: ApplicationField[];
  permissions: AppPermissions;
  capabilities: ApplicationCapabilities;
}

/** DELETE /api/applications/:id/submissions. */
export interface ClearDataResult {
  deletedSubmissions: number;
  deletedResponses: number;
}

/** GET /api/applications/:id/limit: the owner's record cap, shared by everyone who collects for the owner. */
export interface OwnerLimitInfo {
  isSubscribed: boolean;
  tier: PlanTier;
  currentSubmissions: number;
  /** null = unlimited. */
  maxSubmissions: number | null;
  isNearLimit: boolean;
  hasReachedLimit: boolean;
  isSuperAdminOwner: boolean;
  viewerIsOwner: boolean;
}

export interface SubmissionLocationDto {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  timestamp: string | null;
}

/** GET/PUT /api/applications/:id/submissions/:submissionId: a record, never its owner id or payload hash. */
export interface SubmissionDto {
  id: string;
  applicationId: string;
  submitterId: string | null;
  status: string;
  /** The form version the record was collected (or last edited) with. */
  formVersion: number;
  reviewState: ReviewState;
  /** Field id → answer; a repeat group's answer is its entries, each field id → answer; photo and signature answers reference /api/attachments/{attachmentId}. */
  answers: Record<string, unknown>;
  location: SubmissionLocationDto | null;
  clientCreatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
