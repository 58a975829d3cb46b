import { InstallButtonSlot } from "./install-button-slot.tsx";
import { NetworkStatusBadge } from "./network-status-badge.tsx";
import { deferredControl } from "./deferred-control.tsx";

// Both are Radix dropdown menus: loaded after the first paint, in boxes of their buttons' sizes.
const LanguageSwitcher = deferredControl(
  () => import("./language-switcher.tsx").then((module) => module.LanguageSwitcher),
  "h-9 w-8 sm:w-[3.25rem]",
);
const ThemeControl = deferredControl(
  () => import("./theme-control.tsx").then((module) => module.ThemeControl),
  "size-9",
);

/** The header's right-hand controls that every page shares, the landing page included. */
export function HeaderTools() {
  return (
    <>
      <NetworkStatusBadge />
      <InstallButtonSlot />
      <LanguageSwitcher />
      <ThemeControl />
    </>
  );
}
