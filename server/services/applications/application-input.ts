import type { Language } from "../../../shared/i18n/languages.ts";
import type { ApplicationChanges } from "../../db/queries/applications.ts";
import type { ApplicationVisibility, DesignedField } from "../../../shared/fields/field-config.ts";

/** A validated designer payload (shared/applications/application-input-schemas.ts parses it); names and texts are already trimmed. */
export interface ApplicationInput {
  name: string;
  description?: string;
  imageUrl?: string | null;
  visibility: ApplicationVisibility;
  active: boolean;
  sectionPages: boolean;
  language?: Language;
  fields: DesignedField[];
}

/** Access granted at creation to one of the owner's team members. */
export interface MemberGrant {
  teamMemberId: string;
  role: "admin_invited" | "collaborator";
}

/** The application columns the designer sets; empty texts are stored as null. */
export function applicationChanges(input: ApplicationInput): ApplicationChanges {
  return {
    name: input.name,
    description: input.description || null,
    imageUrl: input.imageUrl || null,
    visibility: input.visibility,
    active: input.active,
    settings: { sectionPages: input.sectionPages, ...(input.language ? { language: input.language } : {}) },
  };
}

/** A VALIDATION_FAILED detail in the shape readJson produces, for rules only the database can check. */
export function validationIssue(path: string, message: string) {
  return { path, message, code: "custom" };
}
