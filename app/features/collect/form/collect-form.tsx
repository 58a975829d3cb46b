import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { AlertCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { errorSummaryKey } from "../../../../shared/fields/answer-validation.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import type { Language } from "../../../../shared/i18n/languages.ts";
import { FillContext, type FillContextValue } from "../../../components/form-fill/logic/fill-context.ts";
import { clearDraft, loadDraft } from "../logic/draft-storage.ts";
import { clearRecordSeed, recordSeed } from "../logic/record-seed.ts";
import { formPages, pageFields, type FormShape } from "../../../components/form-fill/logic/form-structure.ts";
import type { FormValues } from "../../../components/form-fill/logic/form-values.ts";
import { rootOfPath } from "../../../components/form-fill/logic/form-view.ts";
import { checkRecord, initialValues } from "../../../components/form-fill/logic/record-rules.ts";
import { isCapturedPosition, type CapturedPosition } from "../../../components/form-fill/logic/gps.ts";
import { isBusy } from "../logic/submit-stage.ts";
import type { RecordLocation } from "../hooks/use-record-location.ts";
import { focusFirstError } from "./focus-first-error.ts";
import { FormNodes, type FormBindings } from "../../../components/form-fill/blocks/form-nodes.tsx";
import { PageNav } from "./page-nav.tsx";
import { useFormFill } from "../../../components/form-fill/blocks/use-form-fill.ts";
import { SubmitBar } from "./submit-bar.tsx";
import { useFormDraft } from "./use-form-draft.ts";
import { useRecordSave, type RecordSaveOptions } from "./use-record-save.ts";
import { useFormMetadata } from "./use-form-metadata.ts";
import { useEntityPicker } from "../../../components/form-fill/entity-picker-context.tsx";

/** The record being edited, as loaded from the server. */
export interface EditTarget {
  submissionId: string;
  values: FormValues;
  location: CapturedPosition | null;
}

interface CollectFormProps {
  applicationId: string;
  /** The form's fields, already in the UI language (logic/field-text.ts). */
  shape: FormShape;
  /** Collect one section per page with Próximo / Voltar. */
  sectionPages: boolean;
  /** The language the collector chose for the form's texts; undefined shows the fields' own. */
  formLanguage?: Language;
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
  /** How a saved record is sent (a public link's page sends through the link); the user's sync by default. */
  send?: RecordSaveOptions["send"];
  /** The answers of the last new record saved on this device, for `${last-saved#name}` defaults. */
  lastSaved: Record<string, unknown> | null;
}

interface InitialState {
  values: FormValues;
  location: CapturedPosition | null;
  restored: boolean;
}

function initialState(
  applicationId: string,
  edit: EditTarget | null,
  shape: FormShape,
  lastSaved: Record<string, unknown> | null,
): InitialState {
  const draft = loadDraft<FormValues>(sessionStorage, applicationId, Date.now(), edit?.submissionId ?? null);
  // Default values fill a new record only; an edit shows what was stored.
  const values = edit?.values ?? initialValues(shape, new Date(), lastSaved);
  const base = { values, location: edit?.location ?? null };
  if (!draft) return { ...base, restored: false };
  return { values: { ...base.values, ...draft.values }, location: draft.location ?? base.location, restored: true };
}

/**
 * The collection form (spec 001 §4–5): values, field errors and the draft; the save itself is useRecordSave's.
 */
export function CollectForm({
  applicationId,
  shape,
  sectionPages,
  formLanguage,
  formVersion,
  userId,
  online,
  edit,
  limitBlocked,
  onLimitReached,
  onSaved,
  cancelTo,
  recordLocation,
  send,
  lastSaved,
}: CollectFormProps) {
  const { t } = useTranslation(["collect", "fields", "sync"]);
  const { fields } = shape;
  const entityPicker = useEntityPicker();
  const [initial] = useState(() => initialState(applicationId, edit, shape, lastSaved));
  // The last new record saved: the next record's `${last-saved#name}` defaults read it.
  const lastSavedAnswers = useRef(lastSaved);
  const savingAnswers = useRef<Record<string, unknown> | null>(null);
  const [dirty, setDirty] = useState(initial.restored);
  const [summaryKey, setSummaryKey] = useState<"fillRequired" | "fixHighlighted" | null>(null);
  // Widgets holding their own input state (numbers, dates) remount with this key when the form is cleared.
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const metadata = useFormMetadata(formRef);
  const {
    values,
    setValues,
    errors,
    setErrors,
    live,
    constraints,
    bindings: fill,
  } = useFormFill(shape, () => initial.values);
  const [seed, setSeed] = useState(() => recordSeed(sessionStorage, applicationId, edit?.submissionId ?? null));
  const fillContext = useMemo<FillContextValue>(() => {
    const byName = new Map(fields.map((field) => [field.name, field.id]));
    return {
      ...(formLanguage ? { language: formLanguage } : {}),
      recordSeed: seed,
      answerText: (name) => {
        const id = byName.get(name);
        const value = id === undefined ? undefined : values[id];
        return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
      },
    };
  }, [fields, formLanguage, seed, values]);
  const pages = useMemo(() => (sectionPages ? formPages(shape.nodes) : null), [sectionPages, shape]);
  const visiblePages = pages?.filter((page) => page.nodes.some((node) => live.view.isVisible(node.field.id))) ?? [];
  const [pageIndex, setPageIndex] = useState(0);
  const currentPage = visiblePages[Math.min(pageIndex, visiblePages.length - 1)];
  // Errors found on another page are focused once that page has rendered.
  const focusPending = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!focusPending.current) return;
    focusFirstError(formRef.current, focusPending.current);
    focusPending.current = null;
  });

  const gpsField = fields.find((field) => field.fieldType === "gps");
  const gpsValue = gpsField ? values[gpsField.id] : undefined;
  // The device's fix when the form opened (or a newer one); without one, a point the GPS field captured is still
  // better than no location at all.
  const location = recordLocation.position ?? (isCapturedPosition(gpsValue) ? gpsValue : null);
  const editSubmissionId = edit?.submissionId ?? null;
  const writeDraftNow = useFormDraft({
    applicationId,
    editSubmissionId,
    values,
    location: recordLocation.position,
    dirty,
  });

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

  /** The page (one section per page) holding the first of these answer paths, in form order. */
  const pageOf = (paths: ReadonlySet<string>): number => {
    const roots = new Set([...paths].map((path) => rootOfPath(path)));
    const index = visiblePages.findIndex((page) => pageFields(page).some((field) => roots.has(field.id)));
    return index === -1 ? pageIndex : index;
  };

  const showErrors = (found: Record<string, FieldError>) => {
    const key = errorSummaryKey(found);
    setErrors(found);
    setSummaryKey(key);
    toast.error(t("fields:invalidForm"), key ? { description: t(`fields:${key}`) } : undefined);
    const paths = new Set(Object.keys(found));
    if (pages) setPageIndex(pageOf(paths));
    // After the error texts (and the page) render, so the scroll lands on the final layout.
    focusPending.current = paths;
  };

  const { submit, dispatch, save } = useRecordSave({
    applicationId,
    userId,
    fields,
    formVersion,
    entityBaseVersion: entityPicker.baseVersionOf,
    online,
    editSubmissionId,
    onLimitReached,
    onStored: (outcome) => {
      clearDraft(sessionStorage, applicationId);
      metadata.restart();
      clearRecordSeed(sessionStorage, applicationId);
      setSeed(recordSeed(sessionStorage, applicationId, editSubmissionId));
      if (isNew && savingAnswers.current) lastSavedAnswers.current = savingAnswers.current;
      setValues(initialValues(shape, new Date(), lastSavedAnswers.current));
      setDirty(false);
      setPageIndex(0);
      // The next record is collected where the collector stands next: a fresh fix, saving never waits for it.
      if (isNew) begin(null, true);
      setErrors({});
      setGeneration((value) => value + 1);
      onSaved(outcome);
    },
    onKept: writeDraftNow,
    onFieldErrors: showErrors,
    ...(send ? { send } : {}),
  });

  // Any change makes the draft worth keeping and clears a finished save's state.
  const edited = () => {
    setDirty(true);
    dispatch({ type: "reset" });
  };
  const bindings: FormBindings = {
    ...fill,
    onChange: (path, value) => {
      fill.onChange(path, value);
      edited();
    },
    onEntries: (repeatId, update) => {
      fill.onEntries(repeatId, update);
      edited();
    },
  };

  // The summary goes away with the last highlighted error.
  const shownSummary = Object.keys(errors).length > 0 ? summaryKey : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current || isBusy(submit.stage)) return;
    busy.current = true;
    try {
      dispatch({ type: "submit" });
      const checked = checkRecord(shape, metadata.fill(shape, values), new Date());
      if (checked.formError) {
        dispatch({ type: "invalid" });
        toast.error(t("fields:invalidForm"), {
          description: t(`fields:${checked.formError.key}`, checked.formError.params),
        });
        return;
      }
      if (Object.keys(checked.errors).length > 0) {
        dispatch({ type: "invalid" });
        showErrors(checked.errors);
        return;
      }
      setErrors({});
      if (limitBlocked && !edit) {
        dispatch({ type: "invalid" });
        onLimitReached({ synced: 0, blocked: 0 });
        return;
      }
      savingAnswers.current = checked.answers;
      await save({ answers: checked.answers, media: checked.media }, location);
    } finally {
      busy.current = false;
    }
  };

  /** Próximo checks the page's visible answers first; Voltar never blocks. */
  const goNext = () => {
    if (!currentPage) return;
    const onPage = new Set(pageFields(currentPage).map((field) => field.id));
    const found = Object.fromEntries(
      Object.entries(checkRecord(shape, values, new Date()).errors).filter(([path]) => onPage.has(rootOfPath(path))),
    );
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setPageIndex((index) => Math.min(index + 1, visiblePages.length - 1));
    formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const goBack = () => {
    setPageIndex((index) => Math.max(0, Math.min(index, visiblePages.length - 1) - 1));
    formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onBlur={constraints.checkNow}
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
        <FillContext value={fillContext}>
          <FormNodes nodes={currentPage ? currentPage.nodes : shape.nodes} bindings={bindings} />
        </FillContext>
        {fields.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t("form.noFields")}</p>
        ) : null}
      </div>
      {currentPage && visiblePages.length > 1 ? (
        <PageNav
          index={visiblePages.indexOf(currentPage)}
          count={visiblePages.length}
          onBack={goBack}
          onNext={goNext}
        />
      ) : null}
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
