import { Suspense, useEffect, useState } from "react";
import { CheckCircle2, Download, Smartphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button.tsx";
import { useDeviceEnvironment } from "../lib/device-environment.ts";
import { installButtonMode } from "./install-button-mode.ts";
import { isIos, useInstallAction } from "./use-install-action.ts";
import { useInstallState } from "./use-install-state.ts";

/** Spec 001 §9: the header's install button appears 100 ms after mount, once the display mode has settled. */
export const INSTALL_BUTTON_DELAY_MS = 100;

function InstallButtonContent() {
  const { t } = useTranslation("pwa");
  const { device } = useDeviceEnvironment();
  const { isInstalled, canInstall } = useInstallState();
  const { install, installing } = useInstallAction();
  const mode = installButtonMode({ isInstalled, isMobile: device.isMobile, isIos: isIos(), canInstall });

  if (mode === "installed" || mode === "mobile-only") {
    const installed = mode === "installed";
    return (
      <Button
        variant="ghost"
        size="sm"
        className="h-9 px-2"
        disabled
        aria-label={t(installed ? "installButton.installed" : "installButton.mobileOnly")}
      >
        {installed ? <CheckCircle2 aria-hidden /> : <Smartphone aria-hidden />}
        <span className="hidden text-xs md:inline">
          {t(installed ? "installButton.installed" : "installButton.mobileOnly")}
        </span>
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-9 px-2"
      loading={installing}
      onClick={() => void install()}
      aria-label={t("installButton.install")}
    >
      {installing ? null : <Download aria-hidden />}
      <span className="hidden text-xs sm:inline">{t("installButton.install")}</span>
    </Button>
  );
}

/** The header's install-app button (spec 001 §4 "Install"). */
export function InstallButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), INSTALL_BUTTON_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  // Its own boundary: the 'pwa' catalog loading must not blank the whole header.
  return (
    <Suspense fallback={null}>
      <InstallButtonContent />
    </Suspense>
  );
}
