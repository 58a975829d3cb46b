import { useEffect, useReducer, useRef, type Dispatch } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { getOutboxRecord, saveToOutbox } from "../../../offline/outbox.ts";
import { OfflineStorageError } from "../../../offline/storage-errors.ts";
import { track } from "../../../lib/analytics/track.ts";
import { syncNow, type SyncReport } from "../../../offline/sync-engine.ts";
import type { CollectField, PendingMedia } from "../../../components/form-fill/logic/form-values.ts";
import type { CapturedPosition } from "../../../components/form-fill/logic/gps.ts";
import {
  INITIAL_SUBMIT_STATE,
  submitReducer,
  SUCCESS_RESET_MS,
  type SaveOutcome,
  type SubmitEvent,
  type SubmitState,
} from "../logic/submit-stage.ts";

/**
 * Every save's outcome takes the same toast, so saving record after record never builds a stack: on a phone a stack
 * that the finger or pointer expands grows up over a short form's save bar and stays while it is hovered (e2e
 * billing journey, 2026-11-27).
 */
const SAVE_TOAST = { id: "campo-save" } as const;

const EDIT_REFUSAL_KEYS: Record<string, string> = {
  forbidden: "edit.forbidden",
  not_found: "edit.notFound",
};

export interface RecordSaveOptions {
  applicationId: string;
  userId: string;
  fields: readonly CollectField[];
  /** The version of the form on screen: the record keeps it. */
  formVersion: number;
  online: boolean;
  /** The server id of the record being edited; null for a new record. */
  editSubmissionId: string | null;
  /** A save ran into the owner's record limit. */
  onLimitReached: (counts: { synced: number; blocked: number }) => void;
  /** The record is stored (on the server or the device): the form clears, counts and caches refresh. */
  onStored: (outcome: SaveOutcome) => void;
  /** The record stays in the form: its draft is written now so a reload does not lose it. */
  onKept: () => void;
  /** The server refused some answers: the form highlights them. */
  onFieldErrors: (errors: Record<string, FieldError>) => void;
  /** The version of the entity the answers update (a follow-up form), as this device has it. */
  entityBaseVersion?: (answers: Record<string, unknown>) => number | undefined;
  /** Sends the saved record; the signed-in sync engine by default, a public link's own sync on its page. */
  send?: (recordId: string) => Promise<SyncReport>;
}

export interface RecordSave {
  submit: SubmitState;
  dispatch: Dispatch<SubmitEvent>;
  /** Saves a valid record: outbox first, then (online) sent at once and settled from the sync's report. */
  save: (record: RecordToSave, location: CapturedPosition | null) => Promise<void>;
}

/** What the form stores: the answers the record rules kept (hidden ones dropped, calculations computed) and new media. */
export interface RecordToSave {
  answers: Record<string, unknown>;
  media: PendingMedia[];
}

/**
 * The save of the collection form (spec 001 §4–5). A save always goes to the device's outbox first and is then
 * sent when online, so a record is never only in memory; the form clears once the record is stored somewhere safe.
 */
export function useRecordSave({
  applicationId,
  userId,
  fields,
  formVersion,
  online,
  editSubmissionId,
  onLimitReached,
  onStored,
  onKept,
  onFieldErrors,
  entityBaseVersion,
  send = (recordId) => syncNow({ userId, recordIds: [recordId] }),
}: RecordSaveOptions): RecordSave {
  const { t } = useTranslation(["collect", "fields", "sync"]);
  const [submit, dispatch] = useReducer(submitReducer, INITIAL_SUBMIT_STATE);
  // After a failed send the record already sits in the outbox: a new try overwrites it instead of adding another.
  const retryId = useRef<string | undefined>(undefined);
  const editing = editSubmissionId !== null;

  useEffect(() => {
    if (submit.stage !== "success") return;
    const timer = setTimeout(() => dispatch({ type: "reset" }), SUCCESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [submit.stage]);

  const finishSaved = (outcome: SaveOutcome) => {
    dispatch({ type: "saved", outcome });
    retryId.current = undefined;
    onStored(outcome);
  };

  const fail = (title: string, description?: string) => {
    dispatch({ type: "failed" });
    onKept();
    toast.error(title, { ...SAVE_TOAST, description });
  };

  const explainRejection = async (recordId: string) => {
    const record = await getOutboxRecord(userId, recordId).catch(() => undefined);
    const refusal = editing && record?.reason ? EDIT_REFUSAL_KEYS[record.reason] : undefined;
    if (refusal) return fail(t(refusal));
    const fieldErrors = record?.errors ?? {};
    const known = Object.fromEntries(
      // Errors inside a repeat entry are keyed `repeatId.index.childId`.
      Object.entries(fieldErrors).filter(([path]) => fields.some((field) => field.id === path.split(".")[0])),
    ) as Record<string, FieldError>;
    if (Object.keys(known).length > 0) {
      dispatch({ type: "failed" });
      onKept();
      onFieldErrors(known);
      return;
    }
    fail(
      editing ? t("edit.updateFailed") : t("submit.rejected"),
      record?.formError ? t(`fields:${record.formError.key}`, record.formError.params) : undefined,
    );
  };

  const settle = async (recordId: string, report: SyncReport | null) => {
    if (report && report.synced + report.conflicts > 0) {
      toast.success(editing ? t("submit.updatedToast") : t("submit.savedToast"), SAVE_TOAST);
      return finishSaved("online");
    }
    if (report && report.blocked > 0) {
      onLimitReached({ synced: report.synced, blocked: report.blocked });
      return finishSaved("offline");
    }
    if (report && report.rejected > 0) return explainRejection(recordId);
    dispatch({ type: "fallBackOffline" });
    if (report?.authError)
      toast.warning(t("sync:toast.notLoggedIn"), { ...SAVE_TOAST, description: t("submit.keptOnDevice") });
    else toast.warning(t("submit.unstable"), { ...SAVE_TOAST, description: t("submit.keptOnDevice") });
    finishSaved("offline");
  };

  const save = async ({ answers, media }: RecordToSave, location: CapturedPosition | null) => {
    const onlineNow = online && navigator.onLine;
    dispatch({ type: "save", online: onlineNow });
    let recordId: string;
    const baseVersion = editSubmissionId ? undefined : entityBaseVersion?.(answers);
    try {
      const record = await saveToOutbox({
        id: retryId.current,
        userId,
        applicationId,
        answers,
        ...(location ? { location } : {}),
        media,
        formVersion,
        ...(baseVersion === undefined ? {} : { entityBaseVersion: baseVersion }),
        ...(editSubmissionId ? { editOf: editSubmissionId } : {}),
      });
      recordId = record.id;
      retryId.current = record.id;
      if (!editSubmissionId) track("data_collected", { online: onlineNow });
    } catch (error) {
      const storage = error instanceof OfflineStorageError ? error : null;
      return fail(
        storage ? t(`sync:${storage.messageKey}`, { defaultValue: storage.message }) : t("submit.saveError"),
        storage ? undefined : t("submit.unknown"),
      );
    }
    if (!onlineNow) {
      toast.success(t("submit.savedOfflineToast"), { ...SAVE_TOAST, description: t("submit.keptOnDevice") });
      return finishSaved("offline");
    }
    const report = await send(recordId).catch(() => null);
    await settle(recordId, report);
  };

  return { submit, dispatch, save };
}
