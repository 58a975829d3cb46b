import { InstallButtonSlot } from "./install-button-slot.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { NetworkStatusBadge } from "./network-status-badge.tsx";
import { ThemeControl } from "./theme-control.tsx";

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
