import { useEffect } from "react";
import { useLocation } from "react-router";
import { track } from "./track.ts";

/** Spec 000 §1: every route change sends page_view (path, location, title). Renders nothing. */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // The next frame: the new page has set its title by then.
    const frame = requestAnimationFrame(() => track("page_view"));
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);
  return null;
}
