import { describe, expect, it } from "vitest";
import { installStatusOf, isIosDevice } from "./install-state.ts";
import { installButtonMode } from "./install-button-mode.ts";
import { killSwitchRequested } from "./kill-switch.ts";

describe("installStatusOf", () => {
  it("is not ready until the ready delay has passed, whatever else is known", () => {
    expect(installStatusOf({ isReady: false, isInstalled: true, canInstall: true })).toBe("not-ready");
  });

  it("prefers installed over installable", () => {
    expect(installStatusOf({ isReady: true, isInstalled: true, canInstall: true })).toBe("installed");
  });

  it("is installable with a saved prompt and not installable without one", () => {
    expect(installStatusOf({ isReady: true, isInstalled: false, canInstall: true })).toBe("installable");
    expect(installStatusOf({ isReady: true, isInstalled: false, canInstall: false })).toBe("not-installable");
  });
});

describe("installButtonMode", () => {
  const phone = { isInstalled: false, isMobile: true, isIos: false, canInstall: true };

  it("shows the disabled installed state first, on any device", () => {
    expect(installButtonMode({ ...phone, isInstalled: true })).toBe("installed");
    expect(installButtonMode({ ...phone, isInstalled: true, isMobile: false })).toBe("installed");
  });

  it("is a disabled 'available on mobile' label on a computer, even with a prompt", () => {
    expect(installButtonMode({ ...phone, isMobile: false })).toBe("mobile-only");
  });

  it("gives iOS the how-to toast, other phones the prompt or the fallback", () => {
    expect(installButtonMode({ ...phone, isIos: true })).toBe("ios-howto");
    expect(installButtonMode(phone)).toBe("prompt");
    expect(installButtonMode({ ...phone, canInstall: false })).toBe("fallback");
  });
});

describe("isIosDevice", () => {
  it("knows iPhones and iPads, including iPadOS posing as a Mac", () => {
    expect(isIosDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", "iPhone", 5)).toBe(true);
    expect(isIosDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", "MacIntel", 5)).toBe(true);
    expect(isIosDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", "MacIntel", 0)).toBe(false);
    expect(isIosDevice("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile", "Linux armv8l", 5)).toBe(false);
  });
});

describe("killSwitchRequested", () => {
  it("is on for ?no-sw=1 or SW_DISABLE=true only", () => {
    expect(killSwitchRequested("?no-sw=1", null)).toBe(true);
    expect(killSwitchRequested("?debug&no-sw=1", null)).toBe(true);
    expect(killSwitchRequested("", "true")).toBe(true);
    expect(killSwitchRequested("?no-sw=0", "false")).toBe(false);
    expect(killSwitchRequested("", null)).toBe(false);
  });
});
