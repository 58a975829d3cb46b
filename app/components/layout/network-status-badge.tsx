import { Wifi, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNetworkStatus } from "../../lib/network-status.ts";
import { isInstalledDisplay } from "../routing/display-mode.ts";
import { Badge } from "../ui/badge.tsx";

/** Spec 001 §4: online or offline, worded for the installed app differently (there offline work is the normal case). */
export function NetworkStatusBadge() {
  const { t } = useTranslation();
  const online = useNetworkStatus();
  const context = isInstalledDisplay() ? "installed" : "browser";
  return (
    <Badge
      variant={online ? "success" : "warning"}
      role="status"
      aria-live="polite"
      title={t(`network.${context}.${online ? "onlineHint" : "offlineHint"}`)}
    >
      {online ? <Wifi aria-hidden /> : <WifiOff aria-hidden />}
      {/* On phones the header has no room for "online" beside logo, install and menus; "offline" is worth the room. */}
      <span className={online ? "sr-only sm:not-sr-only" : undefined}>
        {t(`network.${context}.${online ? "online" : "offline"}`)}
      </span>
    </Badge>
  );
}
