import { describe, expect, it } from "vitest";
import { deviceStateOf, readDeviceEnv, readDisplayMode, type BrowserSurface } from "./device-environment.ts";

const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

function surface({
  width = 1280,
  touch = 0,
  modes = [] as string[],
  ua = DESKTOP_UA,
  standalone,
}: { width?: number; touch?: number; modes?: string[]; ua?: string; standalone?: boolean } = {}): BrowserSurface {
  return {
    innerWidth: width,
    navigator: { userAgent: ua, maxTouchPoints: touch, standalone },
    matchMedia: (query) => ({ matches: modes.some((mode) => query === `(display-mode: ${mode})`) }),
  };
}

describe("readDisplayMode", () => {
  it("is browser in a normal tab", () => {
    expect(readDisplayMode(surface())).toBe("browser");
  });
  it("reads the installed display mode from the media feature", () => {
    expect(readDisplayMode(surface({ modes: ["standalone"] }))).toBe("standalone");
    expect(readDisplayMode(surface({ modes: ["minimal-ui"] }))).toBe("minimal-ui");
  });
  it("treats iOS navigator.standalone as standalone", () => {
    expect(readDisplayMode(surface({ standalone: true }))).toBe("standalone");
  });
});

describe("readDeviceEnv + capabilities", () => {
  it("lets a desktop browser design but not collect", () => {
    const { device, capabilities } = deviceStateOf(readDeviceEnv(surface()));
    expect(device.deviceType).toBe("desktop");
    expect(capabilities).toMatchObject({ canCreateApp: true, canEditApp: true, canCollectData: false });
  });
  it("counts a narrow touch screen as a phone, which cannot design", () => {
    const env = readDeviceEnv(surface({ width: 390, touch: 5 }));
    expect(env.hasTouch).toBe(true);
    const { device, capabilities } = deviceStateOf(env);
    expect(device.isMobile).toBe(true);
    expect(capabilities).toMatchObject({ canCreateApp: false, canEditApp: false, canCollectData: false });
  });
  it("lets the installed phone app collect but still not design", () => {
    const { device, capabilities } = deviceStateOf(
      readDeviceEnv(surface({ width: 390, touch: 5, modes: ["standalone"] })),
    );
    expect(device.isMobilePWA).toBe(true);
    expect(capabilities).toMatchObject({ canCreateApp: false, canCollectData: true });
  });
  it("keeps a narrow desktop window without touch a computer", () => {
    expect(deviceStateOf(readDeviceEnv(surface({ width: 500 }))).capabilities.canCreateApp).toBe(true);
  });
});
