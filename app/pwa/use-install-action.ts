import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "../lib/toast.ts";
import { isIosDevice, promptInstall } from "./install-state.ts";
import { track } from "../lib/analytics/track.ts";

/** Spec 001 §9 install constants. */
export const IOS_INSTALL_TOAST_MS = 7000;
export const REDIRECT_AFTER_INSTALL_MS = 2000;
/**
 * The spec sends a fresh install to /dashboard; Campo has no dashboard page, so the user's applications
 * (the installed app's start page) are the destination (docs/decisions.md).
 */
export const AFTER_INSTALL_PATH = "/applications";

export function isIos(): boolean {
  return isIosDevice(navigator.userAgent, navigator.platform, navigator.maxTouchPoints);
}

/** The install flow shared by the header button and /install: prompt, then the spec's toasts and redirect. */
export function useInstallAction(): { install: () => Promise<void>; installing: boolean } {
  const { t } = useTranslation("pwa");
  const navigate = useNavigate();
  const [installing, setInstalling] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const install = useCallback(async () => {
    if (isIos()) {
      toast.info(t("installToast.iosTitle"), {
        description: t("installToast.iosDescription"),
        duration: IOS_INSTALL_TOAST_MS,
      });
      return;
    }
    setInstalling(true);
    try {
      const outcome = await promptInstall();
      if (outcome === "accepted") {
        track("app_install");
        toast.success(t("installToast.success"), { description: t("installToast.successDescription") });
        redirectTimer.current = setTimeout(() => void navigate(AFTER_INSTALL_PATH), REDIRECT_AFTER_INSTALL_MS);
      } else if (outcome === "dismissed") {
        toast.info(t("installToast.cancelled"), { description: t("installToast.cancelledDescription") });
      } else {
        toast.info(t("installToast.failed"), { description: t("installToast.fallback") });
      }
    } catch {
      toast.error(t("installToast.failed"), { description: t("installToast.fallback") });
    } finally {
      setInstalling(false);
    }
  }, [navigate, t]);

  return { install, installing };
}
