import { useSyncExternalStore } from "react";

function subscribe(listener: () => void): () => void {
  window.addEventListener("scroll", listener, { passive: true });
  return () => window.removeEventListener("scroll", listener);
}

/** True once the page is scrolled further than `offset` pixels. */
export function useScrolledPast(offset: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > offset, () => false);
}
