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
      className="shrink-0 whitespace-nowrap"
      role="status"
      aria-live="polite"
      title={t(`network.${context}.${online ? "onlineHint" : "offlineHint"}`)}
    >
      {online ? <Wifi aria-hidden /> : <WifiOff aria-hidden />}
      {/* A phone's header has no room for the words beside logo, install and menus (at 360 px "Modo offline" ran
          over the logo): there the icon and its colour say it, the words stay for screen readers and the tooltip. */}
      <span className="sr-only sm:not-sr-only">{t(`network.${context}.${online ? "online" : "offline"}`)}</span>
    </Badge>
  );
}
