import { useCallback, useEffect, useRef } from "react";
import { clearDraft, DRAFT_WRITE_DELAY_MS, saveDraft, type DraftLocation } from "../logic/draft-storage.ts";
import { draftableValues, isMediaValue, type FormValues } from "../../../components/form-fill/logic/form-values.ts";

/** The location alone is not a draft: the device captures it by itself whenever the form opens. */
function hasContent(values: FormValues): boolean {
  return Object.values(values).some(
    (value) =>
      value !== null &&
      value !== "" &&
      !(Array.isArray(value) && value.length === 0) &&
      !(isMediaValue(value) && value.kind === "blob"),
  );
}

interface DraftSource {
  applicationId: string;
  editSubmissionId: string | null;
  values: FormValues;
  location: DraftLocation | null;
  /** The collector changed something since the form opened or was cleared: defaults alone are not a draft. */
  dirty: boolean;
}

/**
 * Writes the session-storage draft 2 s after the last change (spec 001 §9), at once when the page is being
 * hidden or left (a phone may kill a background tab), and removes it when the form is empty again.
 * Returns a function that writes it now (used when a save fails).
 */
export function useFormDraft(source: DraftSource): () => void {
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });

  const writeNow = useCallback(() => {
    const { applicationId, editSubmissionId, values, location, dirty } = latest.current;
    if (dirty && hasContent(values)) {
      saveDraft(sessionStorage, applicationId, {
        values: draftableValues(values),
        location,
        savedAt: Date.now(),
        editSubmissionId,
      });
    } else {
      clearDraft(sessionStorage, applicationId);
    }
  }, []);

  const first = useRef(true);
  useEffect(() => {
    // The first render shows what was restored; writing it back would only refresh its age.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(writeNow, DRAFT_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [source.values, source.location, writeNow]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") writeNow();
    };
    window.addEventListener("pagehide", writeNow);
    document.addEventListener("visibilitychange", onHide);
    return () => {
      window.removeEventListener("pagehide", writeNow);
      document.removeEventListener("visibilitychange", onHide);
    };
  }, [writeNow]);

  return writeNow;
}
