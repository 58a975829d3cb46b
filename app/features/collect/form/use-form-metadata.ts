import { useCallback, useEffect, useRef, type RefObject } from "react";
import type { FormShape } from "../../../components/form-fill/logic/form-structure.ts";
import type { FormValues } from "../../../components/form-fill/logic/form-values.ts";
import { withMetadata } from "../../../components/form-fill/logic/metadata-values.ts";
import { withDeviceValues } from "../../../components/form-fill/logic/device-values.ts";
import { installationId } from "../../../lib/device-id.ts";
import { deviceInfo } from "../../../lib/device-info.ts";
import { useSession } from "../../../lib/session.tsx";

/** The answer path of the question holding an element (FieldShell marks each with data-field-id). */
function pathOf(target: EventTarget | null): string | null {
  return target instanceof Element ? (target.closest("[data-field-id]")?.getAttribute("data-field-id") ?? null) : null;
}

/**
 * The metadata a form fills by itself: when this record began, the install and the collector, the audit of the
 * time each question held the focus (focus in to focus out, measured on the form element), and the calculations
 * that read the phone (`duration()`, `device-info()`).
 */
export function useFormMetadata(form: RefObject<HTMLFormElement | null>) {
  const { me } = useSession();
  const startedAt = useRef(new Date());
  const audit = useRef<Record<string, number>>({});
  const focused = useRef<{ path: string; since: number } | null>(null);

  const settle = useCallback(() => {
    const current = focused.current;
    if (!current) return;
    const now = performance.now();
    audit.current[current.path] = (audit.current[current.path] ?? 0) + (now - current.since);
    focused.current = { path: current.path, since: now };
  }, []);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onIn = (event: FocusEvent) => {
      settle();
      const path = pathOf(event.target);
      focused.current = path === null ? null : { path, since: performance.now() };
    };
    const onOut = () => {
      settle();
      focused.current = null;
    };
    element.addEventListener("focusin", onIn);
    element.addEventListener("focusout", onOut);
    return () => {
      element.removeEventListener("focusin", onIn);
      element.removeEventListener("focusout", onOut);
    };
  }, [form, settle]);

  /** The values with the metadata fields filled for a save now. */
  const fill = useCallback(
    (shape: FormShape, values: FormValues): FormValues => {
      settle();
      const now = new Date();
      const filled = withMetadata(shape, values, {
        startedAt: startedAt.current,
        now,
        deviceId: installationId(),
        username: me?.user.name ?? "",
        email: me?.user.email ?? "",
        audit: audit.current,
      });
      return withDeviceValues(shape, filled, { now, startedAt: startedAt.current, deviceInfo: deviceInfo() });
    },
    [me, settle],
  );

  /** A saved record's metadata is done: the next one starts now with an empty audit. */
  const restart = useCallback(() => {
    startedAt.current = new Date();
    audit.current = {};
  }, []);

  return { fill, restart };
}
