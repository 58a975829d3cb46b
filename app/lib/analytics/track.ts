import type { AnalyticsEvent } from "../../../shared/analytics/events.ts";
import type { NamedEvent } from "../../../shared/analytics/event-names.ts";
import { sanitizePath } from "../../../shared/analytics/sanitize.ts";
import { trackingAllowed } from "./opt-out.ts";
import { ATTEMPTS, pause, RETRY_DELAY_MS } from "./retry-policy.ts";
import { afterFirstPaint } from "../after-first-paint.ts";

type Tracker = typeof import("./tracker.ts");
export type TrackProperties = Record<string, string | number | boolean>;

let tracker: Promise<Tracker> | null = null;
let referrerSent = false;
let lastPageView: string | null = null;

async function importTracker(): Promise<Tracker> {
  await afterFirstPaint();
  for (let attempt = 1; ; attempt++) {
    try {
      return await import("./tracker.ts");
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      await pause(RETRY_DELAY_MS);
    }
  }
}

function loadTracker(): Promise<Tracker> {
  tracker ??= importTracker().catch((error: unknown) => {
    tracker = null; // the next event tries again (the chunk may be back once online)
    throw error;
  });
  return tracker;
}

/**
 * Records a named event (spec 000 §7) for the current page. One line at the place it happens; nothing is loaded
 * or sent for visitors who opted out (Global Privacy Control, Do Not Track). Tokens in the URL never leave the
 * browser whole.
 */
export function track(name: NamedEvent, properties?: TrackProperties): void {
  if (!trackingAllowed()) return;
  const event: AnalyticsEvent = {
    name,
    path: sanitizePath(location.pathname + location.search),
    ...(document.title ? { title: document.title } : {}),
    ...(properties ? { properties } : {}),
  };
  if (name === "page_view") {
    // A page is viewed once until the route changes: the prerendered landing counts its view before the app, whose
    // first route is that same page.
    if (event.path === lastPageView) return;
    lastPageView = event.path;
    // Where the visit came from is said once, with its first page view.
    if (!referrerSent) {
      referrerSent = true;
      if (document.referrer) event.referrer = document.referrer;
    }
  }
  loadTracker()
    .then((loaded) => loaded.add(event))
    .catch((error: unknown) => console.error("analytics: tracker not loaded", error));
}
