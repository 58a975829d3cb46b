import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { AlertCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { errorSummaryKey } from "../../../../shared/fields/answer-validation.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { saveToOutbox, getOutboxRecord } from "../../../offline/outbox.ts";
import { syncNow, type SyncReport } from "../../../offline/sync-engine.ts";
import { OfflineStorageError } from "../../../offline/storage-errors.ts";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { clearDraft, loadDraft } from "../logic/draft-storage.ts";
import {
  buildAnswers,
  pendingMedia,
  validateForm,
  type CollectField,
  type FormValue,
  type FormValues,
} from "../logic/form-values.ts";
import { isCapturedPosition, type CapturedPosition } from "../logic/gps.ts";
import { INITIAL_SUBMIT_STATE, isBusy, submitReducer, SUCCESS_RESET_MS } from "../logic/submit-stage.ts";
import type { RecordLocation } from "../hooks/use-record-location.ts";
import { FieldWidget } from "./field-widget.tsx";
import { focusFirstError } from "./focus-first-error.ts";
import { SubmitBar } from "./submit-bar.tsx";
import { useFormDraft } from "./use-form-draft.ts";
import { track } from "../../../lib/analytics/track.ts";

/** The record being edited, as loaded from the server. */
export interface EditTarget {
  submissionId: string;
  values: FormValues;
  location: CapturedPosition | null;
}

interface CollectFormProps {
  applicationId: string;
  fields: CollectField[];
  userId: string;
  online: boolean;
  edit: EditTarget | null;
  /** The owner's record limit is reached and the device is online (spec 001 §4 submission-limit guard). */
  limitBlocked: boolean;
  /** A save ran into the owner's record limit. */
  onLimitReached: (counts: { synced: number; blocked: number }) => void;
  /** A record was stored (on the server or the device): counts and caches refresh. */
  onSaved: (outcome: "online" | "offline") => void;
  cancelTo: string;
  /** The record's own location, shown in the header (collect-page.tsx). */
  recordLocation: RecordLocation;
}

interface InitialState {
  values: FormValues;
  location: CapturedPosition | null;
  restored: boolean;
}

function initialState(applicationId: string, edit: EditTarget | null): InitialState {
  const draft = loadDraft<FormValues>(sessionStorage, applicationId, Date.now(), edit?.submissionId ?? null);
  const base = { values: edit?.values ?? {}, location: edit?.location ?? null };
  if (!draft) return { ...base, restored: false };
  return { values: { ...base.values, ...draft.values }, location: draft.location ?? base.location, restored: true };
}

const EDIT_REFUSAL_KEYS: Record<string, string> = {
  forbidden: "edit.forbidden",
  not_found: "edit.notFound",
};

/**
 * The collection form (spec 001 §4–5). A save always goes to the device's outbox first and is then sent when
 * online, so a record is never only in memory; the form clears once the record is stored somewhere safe.
 */
export function CollectForm({
  applicationId,
  fields,
  userId,
  online,
  edit,
  limitBlocked,
  onLimitReached,
  onSaved,
  cancelTo,
  recordLocation,
}: CollectFormProps) {
  const { t } = useTranslation(["collect", "fields", "sync"]);
  const [initial] = useState(() => initialState(applicationId, edit));
  const [values, setValues] = useState<FormValues>(initial.values);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [summaryKey, setSummaryKey] = useState<"fillRequired" | "fixHighlighted" | null>(null);
  const [submit, dispatch] = useReducer(submitReducer, INITIAL_SUBMIT_STATE);
  // Widgets holding their own input state (numbers, dates) remount with this key when the form is cleared.
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  // After a failed send the record already sits in the outbox: a new try overwrites it instead of adding another.
  const retryId = useRef<string | undefined>(undefined);

  const gpsField = fields.find((field) => field.fieldType === "gps");
  const gpsValue = gpsField ? values[gpsField.id] : undefined;
  // The device's fix when the form opened (or a newer one); without one, a point the GPS field captured is still
  // better than no location at all.
  const location = recordLocation.position ?? (isCapturedPosition(gpsValue) ? gpsValue : null);
  const editSubmissionId = edit?.submissionId ?? null;
  const writeDraftNow = useFormDraft({ applicationId, editSubmissionId, values, location: recordLocation.position });

  // A new record gets a fresh fix as the form opens; an edit keeps where the record was collected unless the
  // collector asks for a new fix.
  const { begin } = recordLocation;
  const isNew = edit === null;
  useEffect(() => {
    begin(initial.location, isNew);
  }, [begin, initial.location, isNew]);

  const announced = useRef(false);
  useEffect(() => {
    if (initial.restored && !announced.current) {
      announced.current = true;
      toast.info(t("draft.restored"), { description: t("draft.restoredDetail") });
    }
  }, [initial.restored, t]);

  useEffect(() => {
    if (submit.stage !== "success") return;
    const timer = setTimeout(() => dispatch({ type: "reset" }), SUCCESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [submit.stage]);

  const change = useCallback((fieldId: string, value: FormValue) => {
    setValues((previous) => ({ ...previous, [fieldId]: value }));
    setErrors((previous) => {
      if (!(fieldId in previous)) return previous;
      const next = { ...previous };
      delete next[fieldId];
      return next;
    });
    dispatch({ type: "reset" });
  }, []);

  const check = useCallback((fieldId: string, fieldError: FieldError | null) => {
    setErrors((previous) => {
      if (!fieldError) {
        if (!(fieldId in previous)) return previous;
        const next = { ...previous };
        delete next[fieldId];
        return next;
      }
      return { ...previous, [fieldId]: fieldError };
    });
  }, []);

  // The summary goes away with the last highlighted error.
  const shownSummary = Object.keys(errors).length > 0 ? summaryKey : null;

  const showErrors = (found: Record<string, FieldError>) => {
    const key = errorSummaryKey(found);
    setErrors(found);
    setSummaryKey(key);
    toast.error(t("fields:invalidForm"), key ? { description: t(`fields:${key}`) } : undefined);
    // After the error texts render, so the scroll lands on the final layout.
    requestAnimationFrame(() =>
      focusFirstError(
        formRef.current,
        fields.map((field) => field.id),
        new Set(Object.keys(found)),
      ),
    );
  };

  const finishSaved = (outcome: "online" | "offline") => {
    dispatch({ type: "saved", outcome });
    retryId.current = undefined;
    clearDraft(sessionStorage, applicationId);
    setValues({});
    // The next record is collected where the collector stands next: a fresh fix, saving never waits for it.
    if (isNew) begin(null, true);
    setErrors({});
    setGeneration((value) => value + 1);
    onSaved(outcome);
  };

  const fail = (title: string, description?: string) => {
    dispatch({ type: "failed" });
    writeDraftNow();
    toast.error(title, description ? { description } : undefined);
  };

  const explainRejection = async (recordId: string) => {
    const record = await getOutboxRecord(userId, recordId).catch(() => undefined);
    const refusal = edit && record?.reason ? EDIT_REFUSAL_KEYS[record.reason] : undefined;
    if (refusal) return fail(t(refusal));
    const fieldErrors = record?.errors ?? {};
    const known = Object.fromEntries(
      Object.entries(fieldErrors).filter(([fieldId]) => fields.some((field) => field.id === fieldId)),
    ) as Record<string, FieldError>;
    if (Object.keys(known).length > 0) {
      dispatch({ type: "failed" });
      writeDraftNow();
      showErrors(known);
      return;
    }
    fail(
      edit ? t("edit.updateFailed") : t("submit.rejected"),
      record?.formError ? t(`fields:${record.formError.key}`, record.formError.params) : undefined,
    );
  };

  const settle = async (recordId: string, report: SyncReport | null) => {
    if (report && report.synced + report.conflicts > 0) {
      toast.success(edit ? t("submit.updatedToast") : t("submit.savedToast"));
      return finishSaved("online");
    }
    if (report && report.blocked > 0) {
      onLimitReached({ synced: report.synced, blocked: report.blocked });
      return finishSaved("offline");
    }
    if (report && report.rejected > 0) return explainRejection(recordId);
    dispatch({ type: "fallBackOffline" });
    if (report?.authError) toast.warning(t("sync:toast.notLoggedIn"), { description: t("submit.keptOnDevice") });
    else toast.warning(t("submit.unstable"), { description: t("submit.keptOnDevice") });
    finishSaved("offline");
  };

  const save = async () => {
    const onlineNow = online && navigator.onLine;
    dispatch({ type: "save", online: onlineNow });
    let recordId: string;
    try {
      const record = await saveToOutbox({
        id: retryId.current,
        userId,
        applicationId,
        answers: buildAnswers(fields, values),
        ...(location ? { location } : {}),
        media: pendingMedia(fields, values),
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
      toast.success(t("submit.savedOfflineToast"), { description: t("submit.keptOnDevice") });
      return finishSaved("offline");
    }
    const report = await syncNow({ userId, recordIds: [recordId] }).catch(() => null);
    await settle(recordId, report);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current || isBusy(submit.stage)) return;
    busy.current = true;
    try {
      dispatch({ type: "submit" });
      const found = validateForm(fields, values, "form");
      if (Object.keys(found).length > 0) {
        dispatch({ type: "invalid" });
        showErrors(found);
        return;
      }
      setErrors({});
      if (limitBlocked && !edit) {
        dispatch({ type: "invalid" });
        onLimitReached({ synced: 0, blocked: 0 });
        return;
      }
      await save();
    } finally {
      busy.current = false;
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-describedby={shownSummary ? "collect-form-summary" : undefined}
    >
      {shownSummary ? (
        <Alert variant="destructive" id="collect-form-summary" className="mb-4">
          <AlertCircle aria-hidden />
          <div>
            <AlertTitle>{t(`fields:${shownSummary}`)}</AlertTitle>
            <AlertDescription>{t("submit.errorCount", { count: Object.keys(errors).length })}</AlertDescription>
          </div>
        </Alert>
      ) : null}
      <div key={generation} className="flex flex-col gap-4">
        {fields.map((field) => {
          const fieldError = errors[field.id];
          return (
            <FieldWidget
              key={field.id}
              field={field}
              value={values[field.id]}
              error={fieldError ? t(`fields:${fieldError.key}`, fieldError.params) : undefined}
              onChange={change}
              onCheck={check}
            />
          );
        })}
        {fields.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t("form.noFields")}</p>
        ) : null}
      </div>
      <SubmitBar
        state={submit}
        editing={edit !== null}
        online={online}
        cancelTo={cancelTo}
        disabled={limitBlocked && !edit}
      />
    </form>
  );
}
