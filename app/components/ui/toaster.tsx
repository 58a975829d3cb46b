import { Toaster as SonnerToaster } from "sonner";
import { useTheme } from "../../lib/theme.ts";

/**
 * Toasts start below the sticky header (56 px in the app, 64 px over the landing hero) so they never cover the
 * network badge, the avatar or, on phones, the menu and the title. Sideways they keep sonner's distances: the
 * spec's 32 px on wide screens, 16 px on phones.
 */
const TOP_BELOW_HEADER_PX = 72;

/** Spec 000 §9: top-right, 4000 ms, 3 visible; sonner's own defaults already are the spec's 356 px width, 14 px gap, 20 px swipe. */
export const TOASTER_OPTIONS = {
  position: "top-right",
  duration: 4000,
  visibleToasts: 3,
  offset: { top: TOP_BELOW_HEADER_PX, right: 32 },
  mobileOffset: { top: TOP_BELOW_HEADER_PX, right: 16, left: 16 },
} as const;

export function Toaster() {
  const { resolvedTheme } = useTheme();
  return <SonnerToaster {...TOASTER_OPTIONS} theme={resolvedTheme} richColors closeButton />;
}
