import { Toaster as SonnerToaster } from "sonner";
import { useTheme } from "../../lib/theme.ts";

/** Spec 000 §9: top-right, 4000 ms, 3 visible; sonner's own defaults already are the spec's 356 px width, 14 px gap, 32 px offset, 20 px swipe. */
export const TOASTER_OPTIONS = { position: "top-right", duration: 4000, visibleToasts: 3 } as const;

export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <SonnerToaster
      position={TOASTER_OPTIONS.position}
      duration={TOASTER_OPTIONS.duration}
      visibleToasts={TOASTER_OPTIONS.visibleToasts}
      theme={resolvedTheme}
      richColors
      closeButton
    />
  );
}
