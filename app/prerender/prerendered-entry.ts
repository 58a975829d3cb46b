/**
 * The prerendered landing's only script (scripts/prerender.ts puts it in place of the app's entry). The page is
 * already drawn and its links work, so the app (React, the router, i18next, the session: most of the first load's
 * CPU) is loaded on the visitor's first sign of intent — a pointer moved or pressed, a touch, a key, the wheel — and
 * not while the phone is still painting. It starts at once when the visitor has a session, chose another language
 * than the prerender's or opened the installed app, because the app draws a different page for them. A click that
 * needs the app before it has drawn the page again is held and replayed on the same element of the app's page.
 */
import "../pwa/start-pwa.ts";
import { track } from "../lib/analytics/track.ts";
import { readStoredSession } from "../lib/session-storage.ts";
import { readStoredLanguage } from "../lib/stored-language.ts";
import { isInstalledDisplay } from "../components/routing/display-mode.ts";
import { clickNeedsApp, pendingClickOn, replayClick, type PendingClick } from "./replay-click.ts";

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

let booting: Promise<unknown> | null = null;
let pending: PendingClick | null = null;
let pendingHref: string | null = null;

function bootApp(): void {
  if (booting) return;
  for (const name of INTENT_EVENTS) window.removeEventListener(name, bootApp, true);
  booting = import("../main.tsx").catch((error: unknown) => {
    console.error("The app failed to load", error);
    // Offline or a chunk missing: a held link still goes where the visitor asked, as a plain page load.
    if (pendingHref) location.assign(pendingHref);
  });
}

function appHasTakenOver(): boolean {
  return !prerendered || !root.contains(prerendered);
}

/** Replays the held click once the app's page is in the root (the first commit may still be a loading screen). */
function replayWhenDrawn(): void {
  const observer = new MutationObserver(() => {
    if (!pending || !appHasTakenOver()) return;
    if (replayClick(root, pending)) release();
  });
  const release = () => {
    pending = null;
    pendingHref = null;
    observer.disconnect();
  };
  observer.observe(root, { childList: true, subtree: true });
  setTimeout(release, REPLAY_WINDOW_MS);
}

function holdClick(event: MouseEvent): void {
  if (appHasTakenOver()) {
    document.removeEventListener("click", holdClick, true);
    return;
  }
  const element = clickNeedsApp(event);
  if (!element) return;
  event.preventDefault();
  const first = !pending;
  pending = pendingClickOn(root, element);
  pendingHref = element instanceof HTMLAnchorElement ? element.href : null;
  if (first) replayWhenDrawn();
  bootApp();
}

const language = readStoredLanguage();
// The app draws another page for these visitors: their session's header, their language, or (installed) no landing.
if (readStoredSession() || (language && language !== root.dataset.prerendered) || isInstalledDisplay()) bootApp();
else {
  document.addEventListener("click", holdClick, true);
  for (const name of INTENT_EVENTS) window.addEventListener(name, bootApp, { capture: true, passive: true });
  // The app counts page views on route changes; this one is the landing's own, before the app is there.
  track("page_view");
}
