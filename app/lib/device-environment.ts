import { useEffect, useState } from "react";
import {
  capabilitiesFor,
  detectDevice,
  type Capabilities,
  type DeviceEnv,
  type DeviceEnvironment,
  type DisplayMode,
} from "../../shared/capabilities/device-capabilities.ts";

/** Installed display modes, most specific first: a fullscreen app also matches nothing else, a browser tab matches none. */
const INSTALLED_MODES: readonly Exclude<DisplayMode, "browser">[] = [
  "fullscreen",
  "standalone",
  "minimal-ui",
  "window-controls-overlay",
];

/** The parts of `window` the detection reads; tests pass a plain object. */
export interface BrowserSurface {
  innerWidth: number;
  navigator: { userAgent: string; maxTouchPoints?: number; standalone?: boolean };
  matchMedia?: (query: string) => { matches: boolean };
  ontouchstart?: unknown;
}

export function readDisplayMode(surface: BrowserSurface): DisplayMode {
  const mode = INSTALLED_MODES.find((candidate) => surface.matchMedia?.(`(display-mode: ${candidate})`).matches);
  if (mode) return mode;
  // iOS Safari home-screen apps report no display-mode media feature, only navigator.standalone.
  return surface.navigator.standalone === true ? "standalone" : "browser";
}

export function readDeviceEnv(surface: BrowserSurface): DeviceEnv {
  return {
    userAgent: surface.navigator.userAgent,
    width: surface.innerWidth,
    hasTouch: (surface.navigator.maxTouchPoints ?? 0) > 0 || "ontouchstart" in surface,
    displayMode: readDisplayMode(surface),
  };
}

export interface DeviceState {
  device: DeviceEnvironment;
  capabilities: Capabilities;
}

export function deviceStateOf(env: DeviceEnv): DeviceState {
  return { device: detectDevice(env), capabilities: capabilitiesFor(env) };
}

function currentState(): DeviceState {
  return deviceStateOf(readDeviceEnv(window));
}

/** Sizes settle only after the rotation animation, so the re-read waits a moment (spec 001 §9). */
const ORIENTATION_SETTLE_MS = 100;

/**
 * The device environment and what it may do (spec 001 §6), re-evaluated on resize, on orientation change
 * and when the display mode changes (an app installed while open).
 */
export function useDeviceEnvironment(): DeviceState {
  const [state, setState] = useState<DeviceState>(currentState);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => setState(currentState());
    const onOrientation = () => {
      clearTimeout(timer);
      timer = setTimeout(update, ORIENTATION_SETTLE_MS);
    };
    const queries = INSTALLED_MODES.map((mode) => window.matchMedia?.(`(display-mode: ${mode})`)).filter(
      (query) => query !== undefined,
    );
    window.addEventListener("resize", update);
    window.addEventListener("orientationchange", onOrientation);
    for (const query of queries) query.addEventListener("change", update);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", update);
      window.removeEventListener("orientationchange", onOrientation);
      for (const query of queries) query.removeEventListener("change", update);
    };
  }, []);

  return state;
}
