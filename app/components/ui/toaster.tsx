import { useSyncExternalStore } from "react";
import { useTheme } from "../../lib/theme.ts";
import { subscribeToastRequest, toastRequested } from "../../lib/toast.ts";
// Loaded with the app, not on the first toast: a toast raised offline before the service worker has the chunk (a
// first visit that loses signal) made the lazy import fail and took the whole page down with it.
import SonnerToaster from "./sonner-toaster.tsx";

/**
 * Toasts sit at the bottom right, where no page puts its title or its main actions: at the top right (spec 000 §9)
 * they covered the page's header buttons on a desktop and the section title on a phone (issue 29). On phones, where
 * sonner spreads them across the width, they stay above the collect form's save bar, which is about 75 px tall and,
 * once the form is scrolled to its end, stands on the diagnostics panel about 100 px up: "Salvar" is never under a
 * toast.
 */
export const PHONE_BOTTOM_CLEARANCE_PX = 168;

/** Spec 000 §9: 4000 ms, 3 visible; sonner's own defaults already are the spec's 356 px width, 14 px gap, 20 px swipe. */
export const TOASTER_OPTIONS = {
  position: "bottom-right",
  duration: 4000,
  visibleToasts: 3,
  offset: { bottom: 32, right: 32 },
  mobileOffset: { bottom: PHONE_BOTTOM_CLEARANCE_PX, right: 16, left: 16 },
} as const;

/** Draws nothing until the page raises its first toast. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  const requested = useSyncExternalStore(subscribeToastRequest, toastRequested, toastRequested);
  if (!requested) return null;
  return <SonnerToaster {...TOASTER_OPTIONS} theme={resolvedTheme} richColors closeButton />;
}
