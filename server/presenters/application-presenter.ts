import { LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import type { ApplicationRow } from "../db/queries/applications.ts";
import type { AppRole } from "../../shared/permissions/permissions.ts";
import type { ListedApplication } from "../services/applications/list-applications.ts";
import type {
  ApplicationBase,
  ApplicationDetail,
  ApplicationSummary,
} from "../../shared/applications/application-dtos.ts";

function presentApplicationBase(application: ApplicationRow, role: AppRole): ApplicationBase {
  return {
    id: application.id,
    name: application.name,
    description: application.description,
    imageUrl: application.imageUrl,
    visibility: application.visibility,
    active: application.active,
    role,
    createdAt: application.createdAt.toISOString(),
    updatedAt: application.updatedAt.toISOString(),
  };
}

/** A card of GET /api/applications. */
export function presentApplicationSummary(listed: ListedApplication): ApplicationSummary {
  return {
    ...presentApplicationBase(listed.application, listed.access.role),
    fieldsCount: listed.fieldsCount,
    entriesCount: listed.entriesCount,
    capabilities: listed.capabilities,
  };
}

/** The application of GET/PUT/POST /api/applications[/:id]; `role` is 'none' for a super admin reading someone else's. */
export function presentApplicationDetail(application: ApplicationRow, role: AppRole): ApplicationDetail {
  return {
    ...presentApplicationBase(application, role),
    ownerId: application.ownerId,
    formVersion: application.formVersion,
    sectionPages: application.settings["sectionPages"] === true,
    ...formLanguage(application.settings),
  };
}

/** The form's text language kept in the settings column; older forms and unknown values have none. */
export function formLanguage(settings: Record<string, unknown>): { language?: Language } {
  const language = settings["language"];
  return typeof language === "string" && (LANGUAGES as readonly string[]).includes(language)
    ? { language: language as Language }
    : {};
}
