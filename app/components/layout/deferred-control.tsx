import { lazy, Suspense, type ComponentType } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * A header control whose module (Radix menus and dialogs) loads after the first paint instead of with the app's
 * entry. Until it arrives a blank box of the control's size holds its place: nothing shifts, and nothing half-loaded
 * can be clicked.
 */
export function deferredControl<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholderClassName: string,
): ComponentType<P> {
  const Control = lazy(async () => ({ default: await load() }));
  return function DeferredControl(props: P) {
    return (
      <Suspense fallback={<span aria-hidden className={cn("inline-block shrink-0", placeholderClassName)} />}>
        <Control {...props} />
      </Suspense>
    );
  };
}
