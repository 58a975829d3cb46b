import { useEffect, type RefObject } from "react";
import { track } from "./track.ts";
import type { NamedEvent } from "../../../shared/analytics/event-names.ts";

/** Sends `name` with the section's name once, the first time at least half of the element is on screen. */
export function useTrackWhenSeen(ref: RefObject<Element | null>, name: NamedEvent, section: string): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        track(name, { section });
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, name, section]);
}
