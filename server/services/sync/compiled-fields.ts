import type { CollectFieldRow } from "../../db/queries/collect-target.ts";
import { logger } from "../../lib/logger.ts";
import type { FormLogicField } from "../../../shared/fields/field-config.ts";
import { toValidatableField } from "./validatable-field.ts";

/** An application's stored fields as record validation reads them. */
interface CompiledFields {
  /** In form order, with the names and nesting the form logic reads. */
  fields: FormLogicField[];
  /** Removed fields, plus ones whose stored config no longer parses: their answers are kept unchecked. */
  retiredFieldIds: string[];
}

/**
 * Compiled fields kept between requests, by application, with the hash the database gave their rows. Every sync
 * batch sends that hash with its target lookup and the database answers the rows only when they hash otherwise
 * (findCollectTarget), so an entry is only ever used while it matches what is stored, in any process; keeping the
 * same arrays also keeps the form model compiled from them (form-model.ts memoises it per array).
 */
const CACHED_FORMS = 64;
const cache = new Map<string, { hash: string; compiled: CompiledFields }>();

/** The hash and fields this process holds for the application, if any. */
export function heldFields(applicationId: string): { hash: string; compiled: CompiledFields } | undefined {
  return cache.get(applicationId);
}

/** The rows the database sent, compiled and kept under their hash (the least recently stored entry goes first). */
export function compileFields(applicationId: string, hash: string, rows: readonly CollectFieldRow[]): CompiledFields {
  const retiredFieldIds = rows.filter((row) => row.removed).map((row) => row.id);
  const fields: FormLogicField[] = [];
  for (const row of rows.filter((field) => !field.removed)) {
    const field = toValidatableField(row);
    if (field) {
      fields.push(field);
    } else {
      logger.warn("stored field does not parse; its answers are accepted unchecked", {
        fieldId: row.id,
        applicationId,
      });
      retiredFieldIds.push(row.id);
    }
  }
  const compiled = { fields, retiredFieldIds };
  cache.delete(applicationId);
  cache.set(applicationId, { hash, compiled });
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHED_FORMS) break;
    cache.delete(oldest);
  }
  return compiled;
}
