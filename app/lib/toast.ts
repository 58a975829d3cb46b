import type { ExternalToast, toast as sonnerToast } from "sonner";

/**
 * The app's toasts. The first toast mounts sonner's Toaster (app/components/ui/toaster.tsx); toasts raised before it
 * listens wait here and show once it does, so none is lost to the order in which React mounts things.
 */
type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];
type Show = (sonner: Sonner) => void;

const waiting: Show[] = [];
const requestListeners = new Set<() => void>();
let listening: Sonner | undefined;
let requested = false;

function raise(show: Show): void {
  if (listening) return show(listening);
  waiting.push(show);
  if (requested) return;
  requested = true;
  for (const listener of requestListeners) listener();
}

/** True once a toast was raised: the Toaster then loads sonner (useSyncExternalStore's snapshot). */
export const toastRequested = (): boolean => requested;

export function subscribeToastRequest(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** A mounted sonner Toaster listens: show what waited. The returned function is its unmount. */
export function toasterListening(sonner: Sonner): () => void {
  listening = sonner;
  for (const show of waiting.splice(0)) show(sonner);
  return () => {
    if (listening === sonner) listening = undefined;
  };
}

const kind =
  (name: "success" | "info" | "warning" | "error") =>
  (message: Message, data?: ExternalToast): void =>
    raise((sonner) => sonner[name](message, data));

export const toast = Object.assign(
  (message: Message, data?: ExternalToast): void => raise((sonner) => sonner(message, data)),
  { success: kind("success"), info: kind("info"), warning: kind("warning"), error: kind("error") },
);
