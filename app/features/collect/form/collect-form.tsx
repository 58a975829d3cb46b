import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { AlertCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { errorSummaryKey } from "../../../../shared/fields/answer-validation.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { clearDraft, loadDraft } from "../logic/draft-storage.ts";
import { validateForm, type CollectField, type FormValue, type FormValues } from "../logic/form-values.ts";
import { isCapturedPosition, type CapturedPosition } from "../logic/gps.ts";
import { isBusy } from "../logic/submit-stage.ts";
import type { RecordLocation } from "../hooks/use-record-location.ts";
import { FieldWidget } from "./field-widget.tsx";
import { focusFirstError } from "./focus-first-error.ts";
import { SubmitBar } from "./submit-bar.tsx";
import { useFormDraft } from "./use-form-draft.ts";
import { useRecordSave } from "./use-record-save.ts";

/** The record being edited, as loaded from the server. */
export interface EditTarget {
  submissionId: string;
  values: FormValues;
  location: CapturedPosition | null;
}

interface CollectFormProps {
  applicationId: string;
  fields: CollectField[];
  /** The version of the form on screen (the cached one when offline). */
  formVersion: number;
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

/**
 * The collection form (spec 001 §4–5): values, field errors and the draft; the save itself is useRecordSave's.
 */
export function CollectForm({
  applicationId,
  fields,
  formVersion,
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
  // Widgets holding their own input state (numbers, dates) remount with this key when the form is cleared.
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);

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

  const { submit, dispatch, save } = useRecordSave({
    applicationId,
    userId,
    fields,
    formVersion,
    online,
    editSubmissionId,
    onLimitReached,
    onStored: (outcome) => {
      clearDraft(sessionStorage, applicationId);
      setValues({});
      // The next record is collected where the collector stands next: a fresh fix, saving never waits for it.
      if (isNew) begin(null, true);
      setErrors({});
      setGeneration((value) => value + 1);
      onSaved(outcome);
    },
    onKept: writeDraftNow,
    onFieldErrors: showErrors,
  });

  const change = useCallback(
    (fieldId: string, value: FormValue) => {
      setValues((previous) => ({ ...previous, [fieldId]: value }));
      setErrors((previous) => {
        if (!(fieldId in previous)) return previous;
        const next = { ...previous };
        delete next[fieldId];
        return next;
      });
      dispatch({ type: "reset" });
    },
    [dispatch],
  );

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
      await save(values, location);
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
