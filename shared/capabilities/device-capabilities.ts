/** The display mode the page runs in (CSS `display-mode`); every mode but `browser` means an installed app. */
export type DisplayMode = "browser" | "standalone" | "fullscreen" | "minimal-ui" | "window-controls-overlay";

/** What the browser tells about the device; the web reads it from navigator and matchMedia. */
export interface DeviceEnv {
  userAgent: string;
  /** Viewport width in CSS px. */
  width: number;
  hasTouch: boolean;
  displayMode: DisplayMode;
}

export type DeviceType = "mobile" | "tablet" | "desktop";

export interface DeviceEnvironment {
  isMobile: boolean;
  isTablet: boolean;
  /** Installed: any display mode other than `browser`. */
  isPWA: boolean;
  isStandalone: boolean;
  isMobilePWA: boolean;
  deviceType: DeviceType;
}

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i;
export const MOBILE_MAX_WIDTH = 768;
export const TABLET_MAX_WIDTH = 1024;

/** Spec 001 §9: mobile by user agent, or narrow with touch; tablet by iPad/non-mobile Android UA, or mid width with touch. */
export function detectDevice({ userAgent, width, hasTouch, displayMode }: DeviceEnv): DeviceEnvironment {
  const isMobile = MOBILE_UA.test(userAgent) || (width <= MOBILE_MAX_WIDTH && hasTouch);
  const isTablet =
    /iPad/i.test(userAgent) ||
    (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) ||
    (width >= MOBILE_MAX_WIDTH && width <= TABLET_MAX_WIDTH && hasTouch && !isMobile);
  const isPWA = displayMode !== "browser";
  return {
    isMobile,
    isTablet,
    isPWA,
    isStandalone: displayMode === "standalone",
    isMobilePWA: isMobile && isPWA,
    deviceType: isTablet ? "tablet" : isMobile ? "mobile" : "desktop",
  };
}

export type EnvironmentType = "pwa" | "mobile-web" | "desktop-web";

/** Translation keys (namespace `fields`) of a guard screen. */
export interface BlockReason {
  titleKey: string;
  messageKey: string;
  suggestionKey: string;
}

export interface Capabilities {
  canCollectData: boolean;
  canCreateApp: boolean;
  canEditApp: boolean;
  environmentType: EnvironmentType;
  /** Why this environment refuses what it refuses; absent when everything is allowed. */
  blockReason?: BlockReason;
}

export type EnvironmentKind = "mobile-installed" | "mobile-browser" | "desktop-browser" | "desktop-installed";

function reason(name: "createOnDesktop" | "mobileBrowser" | "collectOnMobile"): BlockReason {
  return {
    titleKey: `capabilities.${name}.title`,
    messageKey: `capabilities.${name}.message`,
    suggestionKey: `capabilities.${name}.suggestion`,
  };
}

/** Spec 001 §6: collection happens on installed apps, design on computers. */
export const CAPABILITY_TABLE: Readonly<Record<EnvironmentKind, Capabilities>> = {
  "mobile-installed": {
    canCollectData: true,
    canCreateApp: false,
    canEditApp: false,
    environmentType: "pwa",
    blockReason: reason("createOnDesktop"),
  },
  "mobile-browser": {
    canCollectData: false,
    canCreateApp: false,
    canEditApp: false,
    environmentType: "mobile-web",
    blockReason: reason("mobileBrowser"),
  },
  "desktop-browser": {
    canCollectData: false,
    canCreateApp: true,
    canEditApp: true,
    environmentType: "desktop-web",
    blockReason: reason("collectOnMobile"),
  },
  "desktop-installed": { canCollectData: true, canCreateApp: true, canEditApp: true, environmentType: "pwa" },
};

/** Tablets that are not detected as mobile (wide iPadOS/touch laptops) count as computers. */
export function environmentKind(env: DeviceEnv): EnvironmentKind {
  const { isMobile, isPWA } = detectDevice(env);
  if (isMobile) return isPWA ? "mobile-installed" : "mobile-browser";
  return isPWA ? "desktop-installed" : "desktop-browser";
}

export function capabilitiesFor(env: DeviceEnv): Capabilities {
  return CAPABILITY_TABLE[environmentKind(env)];
}

/**
 * Correcting a record already collected is review work, not collection: the application's owner and administrators
 * may do it on a computer too (ODK Central and Kobo allow it); collectors edit where they collect. Who may edit which
 * record is the server's rule (`canEditRecord`); this only says whether this device offers it.
 */
export function mayEditRecordsOn(capabilities: Capabilities, administers: boolean): boolean {
  return capabilities.canCollectData || (administers && capabilities.canEditApp);
}

/** The dialog shown on a phone that tries to open the designer (spec 000 §2). */
export const DESKTOP_ONLY_DIALOG = {
  titleKey: "desktopOnlyDialog.title",
  messageKey: "desktopOnlyDialog.message",
  confirmKey: "desktopOnlyDialog.confirm",
} as const;

/** The designer guard lists what a phone can do instead (spec 001 §2). */
export const MOBILE_CAN_DO_KEYS = {
  titleKey: "capabilities.mobileCanDo.title",
  itemKeys: [
    "capabilities.mobileCanDo.viewApps",
    "capabilities.mobileCanDo.collectData",
    "capabilities.mobileCanDo.viewData",
  ],
} as const;
