import { createContext, useContext } from "react";
import type { EntityDto } from "../../../shared/entities/entity-dtos.ts";
import type { EntityPoint } from "../../../shared/entities/entity-schemas.ts";
import type { FormValue } from "./logic/form-values.ts";

/** What an entity question reads: the entities it may pick from and what picking one fills in. */
export interface EntityPickerView {
  /** The downloaded list plus those created by records still on this device; null when the form has no list. */
  entities: readonly EntityDto[] | null;
  /** Where the device is, to put the nearest first. */
  here: EntityPoint | null;
  /** The answers an entity prefills (its saved properties), by answer path, as the widgets hold them. */
  prefill: (entity: EntityDto) => [string, FormValue][];
  /** The version of the entity the answers pick, as this device has it: the base the server compares with. */
  baseVersionOf: (answers: Record<string, unknown>) => number | undefined;
}

const NONE: EntityPickerView = { entities: null, here: null, prefill: () => [], baseVersionOf: () => undefined };
const EntityPickerContext = createContext<EntityPickerView>(NONE);

export const EntityPickerProvider = EntityPickerContext.Provider;

export function useEntityPicker(): EntityPickerView {
  return useContext(EntityPickerContext);
}
