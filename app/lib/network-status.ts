import { useSyncExternalStore } from "react";
import { browserConnectivityEnvironment, ConnectivityMonitor } from "./connectivity-monitor.ts";

let monitor: ConnectivityMonitor | null = null;

/** One monitor per page, started by the first component that asks (no timers run during server rendering or tests). */
export function connectivityMonitor(): ConnectivityMonitor {
  if (!monitor) {
    monitor = new ConnectivityMonitor(browserConnectivityEnvironment());
    monitor.start();
  }
  return monitor;
}

function subscribe(listener: () => void): () => void {
  return connectivityMonitor().subscribe(listener);
}

/** True while the server is reachable (spec 001 §4 "Connectivity"). */
export function useNetworkStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connectivityMonitor().isOnline(),
    () => true,
  );
}
