/** Shared look of modal overlays and centred panels (dialog and alert-dialog use different Radix packages). */
export const overlayClasses = "fixed inset-0 z-50 bg-black/60";

export const centredPanelClasses =
  "fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-lg focus:outline-none";
