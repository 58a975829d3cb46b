import type { Language } from "../../../../shared/i18n/languages.ts";
import type { ApplicationVisibility } from "../../../../shared/fields/field-config.ts";
import type { ApplicationPayload, MemberSelection } from "../api/applications-api.ts";
import type { ApplicationDetail } from "../../../../shared/applications/application-dtos.ts";
import { toPayloadFields, type DesignerField } from "./designer-fields.ts";

export interface DesignerSettings {
  name: string;
  description: string;
  imageUrl: string;
  visibility: ApplicationVisibility;
  active: boolean;
  /** "Uma página por seção": the phone collects one section per page. */
  sectionPages: boolean;
  /** The language the fields' own texts are written in (their translations hold the others). */
  language?: Language;
  members: MemberSelection[];
  /** Members are sent only after the picker was used, so an edit never drops memberships it did not show. */
  membersTouched: boolean;
}

/** New applications are shared with the team and active (the stored default) until the owner says otherwise. */
export const NEW_APPLICATION_SETTINGS: DesignerSettings = {
  name: "",
  description: "",
  imageUrl: "",
  visibility: "team",
  active: true,
  sectionPages: false,
  members: [],
  membersTouched: false,
};

export function settingsFrom(application: ApplicationDetail): DesignerSettings {
  return {
    ...NEW_APPLICATION_SETTINGS,
    name: application.name,
    description: application.description ?? "",
    imageUrl: application.imageUrl ?? "",
    visibility: application.visibility,
    active: application.active,
    sectionPages: application.sectionPages,
    ...(application.language ? { language: application.language } : {}),
  };
}

export function buildPayload(settings: DesignerSettings, fields: readonly DesignerField[]): ApplicationPayload {
  const description = settings.description.trim();
  const imageUrl = settings.imageUrl.trim();
  return {
    name: settings.name.trim(),
    ...(description ? { description } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    visibility: settings.visibility,
    active: settings.active,
    sectionPages: settings.sectionPages,
    ...(settings.language ? { language: settings.language } : {}),
    fields: toPayloadFields(fields),
    ...(settings.visibility === "specific" && settings.membersTouched ? { members: settings.members } : {}),
  };
}
