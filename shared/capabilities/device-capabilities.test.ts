import { describe, expect, it } from "vitest";
import {
  mayEditRecordsOn,
  CAPABILITY_TABLE,
  capabilitiesFor,
  detectDevice,
  environmentKind,
  type DeviceEnv,
} from "./device-capabilities.ts";

const UA = {
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  androidPhone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  iPad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
};

const env = (overrides: Partial<DeviceEnv>): DeviceEnv => ({
  userAgent: UA.windowsChrome,
  width: 1440,
  hasTouch: false,
  displayMode: "browser",
  ...overrides,
});

describe("detectDevice", () => {
  it("detects phones by user agent", () => {
    expect(detectDevice(env({ userAgent: UA.iPhone, width: 390, hasTouch: true }))).toMatchObject({
      isMobile: true,
      deviceType: "mobile",
    });
    expect(detectDevice(env({ userAgent: UA.androidPhone, width: 1200 }))).toMatchObject({
      isMobile: true,
      deviceType: "mobile",
    });
  });

  it("detects narrow touch screens as mobile whatever the user agent", () => {
    expect(detectDevice(env({ width: 768, hasTouch: true })).isMobile).toBe(true);
    expect(detectDevice(env({ width: 769, hasTouch: true })).isMobile).toBe(false);
    expect(detectDevice(env({ width: 500, hasTouch: false })).isMobile).toBe(false);
  });

  it("detects tablets: iPad, Android without 'Mobile', or 768–1024 px touch that is not mobile", () => {
    expect(detectDevice(env({ userAgent: UA.iPad, width: 820, hasTouch: true })).deviceType).toBe("tablet");
    expect(detectDevice(env({ userAgent: UA.androidTablet, width: 1280, hasTouch: true })).deviceType).toBe("tablet");
    expect(detectDevice(env({ userAgent: UA.macSafari, width: 1024, hasTouch: true }))).toMatchObject({
      isMobile: false,
      isTablet: true,
      deviceType: "tablet",
    });
    expect(detectDevice(env({ userAgent: UA.macSafari, width: 1025, hasTouch: true })).deviceType).toBe("desktop");
    expect(detectDevice(env({ userAgent: UA.macSafari, width: 900, hasTouch: false })).deviceType).toBe("desktop");
  });

  it("treats every display mode but browser as installed", () => {
    for (const displayMode of ["standalone", "fullscreen", "minimal-ui", "window-controls-overlay"] as const) {
      expect(detectDevice(env({ displayMode })).isPWA).toBe(true);
    }
    expect(detectDevice(env({ displayMode: "browser" })).isPWA).toBe(false);
    expect(detectDevice(env({ displayMode: "standalone" })).isStandalone).toBe(true);
    expect(detectDevice(env({ displayMode: "fullscreen" })).isStandalone).toBe(false);
  });

  it("marks installed phones as mobile PWAs", () => {
    expect(
      detectDevice(env({ userAgent: UA.iPhone, width: 390, hasTouch: true, displayMode: "standalone" })).isMobilePWA,
    ).toBe(true);
    expect(detectDevice(env({ displayMode: "standalone" })).isMobilePWA).toBe(false);
  });
});

describe("capabilitiesFor", () => {
  const phone = { userAgent: UA.androidPhone, width: 412, hasTouch: true };

  it("lets an installed phone collect but not create or edit apps", () => {
    const caps = capabilitiesFor(env({ ...phone, displayMode: "standalone" }));
    expect(caps).toMatchObject({
      canCollectData: true,
      canCreateApp: false,
      canEditApp: false,
      environmentType: "pwa",
    });
    expect(caps.blockReason?.titleKey).toBe("capabilities.createOnDesktop.title");
  });

  it("restricts a phone's browser to neither collecting nor designing", () => {
    const caps = capabilitiesFor(env({ ...phone, displayMode: "browser" }));
    expect(caps).toMatchObject({
      canCollectData: false,
      canCreateApp: false,
      canEditApp: false,
      environmentType: "mobile-web",
    });
    expect(caps.blockReason?.titleKey).toBe("capabilities.mobileBrowser.title");
  });

  it("lets a desktop browser design but not collect", () => {
    const caps = capabilitiesFor(env({}));
    expect(caps).toMatchObject({
      canCollectData: false,
      canCreateApp: true,
      canEditApp: true,
      environmentType: "desktop-web",
    });
    expect(caps.blockReason?.titleKey).toBe("capabilities.collectOnMobile.title");
  });

  it("lets an installed desktop app do everything", () => {
    const caps = capabilitiesFor(env({ displayMode: "standalone" }));
    expect(caps).toEqual({ canCollectData: true, canCreateApp: true, canEditApp: true, environmentType: "pwa" });
  });

  it("treats a wide touch tablet that is not mobile as a computer", () => {
    expect(environmentKind(env({ userAgent: UA.macSafari, width: 1024, hasTouch: true }))).toBe("desktop-browser");
  });

  it("gives every block reason a title, message and suggestion", () => {
    for (const row of Object.values(CAPABILITY_TABLE)) {
      const refuses = !row.canCollectData || !row.canCreateApp || !row.canEditApp;
      expect(row.blockReason !== undefined).toBe(refuses);
      if (row.blockReason) {
        expect(row.blockReason.messageKey).toMatch(/\.message$/);
        expect(row.blockReason.suggestionKey).toMatch(/\.suggestion$/);
      }
    }
  });
});

describe("mayEditRecordsOn", () => {
  it("lets administrators correct records on a computer, collectors only where they collect", () => {
    const table = CAPABILITY_TABLE;
    expect(mayEditRecordsOn(table["desktop-browser"], true)).toBe(true);
    expect(mayEditRecordsOn(table["desktop-browser"], false)).toBe(false);
    expect(mayEditRecordsOn(table["mobile-installed"], false)).toBe(true);
    expect(mayEditRecordsOn(table["mobile-browser"], true)).toBe(false);
  });
});
