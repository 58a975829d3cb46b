import { useEffect, useState, useSyncExternalStore } from "react";
import { useNetworkStatus } from "../lib/network-status.ts";
import {
  installSnapshot,
  installStatusOf,
  isAppInstalled,
  subscribeInstall,
  type InstallStatus,
} from "./install-state.ts";

/** Spec 001 §9: the PWA state is trusted only after ~200 ms, once a pending beforeinstallprompt had its chance. */
export const PWA_READY_DELAY_MS = 200;

export interface InstallState {
  canInstall: boolean;
  isInstalled: boolean;
  isReady: boolean;
  isOnline: boolean;
  status: InstallStatus;
}

/** Spec 001 §3 "Install state". */
export function useInstallState(): InstallState {
  const snapshot = useSyncExternalStore(subscribeInstall, installSnapshot, installSnapshot);
  const isOnline = useNetworkStatus();
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), PWA_READY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const isInstalled = isAppInstalled();
  const canInstall = snapshot.promptAvailable && !isInstalled;
  return { canInstall, isInstalled, isReady, isOnline, status: installStatusOf({ isReady, isInstalled, canInstall }) };
}
