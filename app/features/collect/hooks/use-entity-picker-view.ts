import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { entitiesFromOutbox, loadEntityBundle } from "../../../offline/entities.ts";
import { deviceKey, queryKeyOf } from "../../../lib/api-call.ts";
import { listApplicationEntities } from "../../../../shared/api/contracts/entities.ts";
import { entityActionFields } from "../../../../shared/entities/entity-action-fields.ts";
import { answerOfEntityValue } from "../../../../shared/entities/entity-changes.ts";
import type { ApplicationEntitiesDto, EntityDto } from "../../../../shared/entities/entity-dtos.ts";
import type { EntityPickerView } from "../../../components/form-fill/entity-picker-context.tsx";
import type { FormFilesView } from "../../../components/form-fill/form-files-context.tsx";
import { entityListTable, withEntityList } from "../../../../shared/entities/entity-table.ts";
import { formValueOf, type CollectField, type FormValue } from "../../../components/form-fill/logic/form-values.ts";
import type { CapturedPosition } from "../../../components/form-fill/logic/gps.ts";

/** The form's entities, those its records still on the device create included (read anew each time the form opens). */
async function loadPickable(userId: string, applicationId: string): Promise<ApplicationEntitiesDto> {
  const bundle = await loadEntityBundle(userId, applicationId);
  if (!bundle.list) return bundle;
  const known = new Set(bundle.entities.map((entity) => entity.id));
  return { ...bundle, entities: [...bundle.entities, ...(await entitiesFromOutbox(userId, bundle.list.id, known))] };
}

export function useCollectEntities(userId: string, applicationId: string) {
  return useQuery({
    queryKey: deviceKey(queryKeyOf(listApplicationEntities, { params: { id: applicationId } }), userId),
    queryFn: () => loadPickable(userId, applicationId),
    staleTime: 0,
    // Offline the query must still run: it answers from the device's copy.
    networkMode: "always",
    retry: false,
  });
}

/** A property's value as the answer of the question it prefills (a number question shows its text). */
function prefillValue(field: CollectField, value: EntityDto["properties"][string]): FormValue | undefined {
  const answer = answerOfEntityValue(value);
  return formValueOf(field, answer) ?? (answer === undefined ? undefined : String(answer));
}

/** What the entity question of a follow-up form reads: the entities, and what picking one fills in. */
export function useEntityPickerView(
  bundle: ApplicationEntitiesDto | undefined,
  fields: readonly CollectField[],
  position: CapturedPosition | null,
): EntityPickerView {
  const here = position ? { latitude: position.latitude, longitude: position.longitude } : null;
  const latitude = here?.latitude;
  const longitude = here?.longitude;
  return useMemo(() => {
    const action = bundle?.action ?? null;
    const byName = new Map(entityActionFields(fields).map((field) => [field.name, field]));
    const entityField = action?.kind === "update" ? byName.get(action.entityField) : undefined;
    return {
      entities: bundle?.list ? bundle.entities : null,
      here: latitude === undefined || longitude === undefined ? null : { latitude, longitude },
      prefill: (entity) =>
        Object.entries(action?.kind === "update" ? action.saves : {}).flatMap(([property, fieldName]) => {
          const field = byName.get(fieldName);
          const value = field ? prefillValue(field, entity.properties[property] ?? null) : undefined;
          return field && value !== undefined ? [[field.id, value] as [string, FormValue]] : [];
        }),
      baseVersionOf: (answers) => {
        const picked = entityField ? answers[entityField.id] : undefined;
        return bundle?.entities.find((entity) => entity.id === picked)?.version;
      },
    };
  }, [bundle, fields, latitude, longitude]);
}

/** The form's files with its entity list readable by expressions (`instance('trees')/…`), as the server's sync reads it. */
export function useFilesWithEntityList(
  files: FormFilesView,
  bundle: ApplicationEntitiesDto | undefined,
): FormFilesView {
  return useMemo(() => {
    const list = bundle?.list;
    if (!list) return files;
    return { ...files, tables: withEntityList(files.tables, entityListTable(list, bundle.entities)) };
  }, [files, bundle]);
}
