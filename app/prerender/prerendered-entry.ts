/**
 * The only script of the prerendered pages (the landing, /auth; scripts/prerender.ts puts it in place of the app's
 * entry). The page is already drawn and its links work, so the app (React, the router, i18next, the session: most of
 * the first load's CPU) is loaded on the visitor's first sign of intent — a pointer moved or pressed, a touch, a key,
 * the wheel — and not while the phone is still painting. It starts at once when the visitor has a session, chose
 * another language than the prerender's, opened the installed app or reloaded a page the app opened with router state
 * (a tab to show), because the app draws a different page for them. Once the app has drawn the page again, what was
 * typed into the drawn fields moves to the app's (hand-over-inputs.ts), then a click that needed the app (a link, a
 * button, a form's submission) is replayed on the same element of the app's page. No form is submitted by the browser
 * before that: the drawn forms have no action, and their fields are not for a URL.
 */
import "../pwa/start-pwa.ts";
import { track } from "../lib/analytics/track.ts";
import { readStoredSession } from "../lib/session-storage.ts";
import { readStoredLanguage } from "../lib/stored-language.ts";
import { isInstalledDisplay } from "../components/routing/display-mode.ts";
import { clickNeedsApp, pendingClickOn, replayClick, type PendingClick } from "./replay-click.ts";
import { followDrawnFields, handOverInputs } from "./hand-over-inputs.ts";

const INTENT_EVENTS = ["pointermove", "pointerdown", "touchstart", "keydown", "wheel"] as const;
/** How long a held click waits for the app's page before it is given up (a failed load navigates instead). */
const REPLAY_WINDOW_MS = 10_000;

function rootElement(): HTMLElement {
  const element = document.getElementById("root");
  if (!element) throw new Error("Root element not found");
  return element;
}

const root = rootElement();
const prerendered = root.firstElementChild;
// The whole root: React's server render may put a hoisted `<link rel="preload">` before the page's first element.
const drawnFields = followDrawnFields(root);

let booting: Promise<unknown> | null = null;
let pending: PendingClick | null = null;
let pendingHref: string | null = null;
let pendingExpiry: ReturnType<typeof setTimeout> | undefined;

function appHasTakenOver(): boolean {
  return !prerendered || !root.contains(prerendered);
}

function forgetPendingClick(): void {
  pending = null;
  pendingHref = null;
  clearTimeout(pendingExpiry);
}

/** Once the app's page is in the root (its first commit may still be a loading screen): typed text, then the click. */
function followTakeover(): void {
  let handedOver = false;
  const observer = new MutationObserver(() => {
    if (!appHasTakenOver()) return;
    handedOver ||= handOverInputs(root, drawnFields);
    if (!handedOver) return;
    if (pending && !replayClick(root, pending)) return;
    forgetPendingClick();
    observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true });
}

function bootApp(): void {
  if (booting) return;
  for (const name of INTENT_EVENTS) window.removeEventListener(name, bootApp, true);
  followTakeover();
  booting = import("../main.tsx").catch((error: unknown) => {
    console.error("The app failed to load", error);
    // Offline or a chunk missing: a held link still goes where the visitor asked, as a plain page load.
    if (pendingHref) location.assign(pendingHref);
  });
}

function holdClick(event: MouseEvent): void {
  if (appHasTakenOver()) {
    document.removeEventListener("click", holdClick, true);
    return;
  }
  const element = clickNeedsApp(event);
  if (!element) return;
  event.preventDefault();
  pending = pendingClickOn(root, element);
  pendingHref = element instanceof HTMLAnchorElement ? element.href : null;
  clearTimeout(pendingExpiry);
  pendingExpiry = setTimeout(forgetPendingClick, REPLAY_WINDOW_MS);
  bootApp();
}

// Enter in a drawn field submits its form by a click on the form's button, held above; this catches any other way.
function holdSubmit(event: SubmitEvent): void {
  if (appHasTakenOver()) document.removeEventListener("submit", holdSubmit, true);
  else event.preventDefault();
}

const language = readStoredLanguage();
// The app draws another page for these visitors: their session's, their language, the installed app's, a tab.
const routerState = (history.state as { usr?: unknown } | null)?.usr;
document.addEventListener("submit", holdSubmit, true);
if (
  readStoredSession() ||
  (language && language !== root.dataset.prerendered) ||
  isInstalledDisplay() ||
  routerState != null
)
  bootApp();
else {
  document.addEventListener("click", holdClick, true);
  for (const name of INTENT_EVENTS) window.addEventListener(name, bootApp, { capture: true, passive: true });
  // The app counts page views on route changes; this one is the drawn page's own, before the app is there.
  track("page_view");
}
