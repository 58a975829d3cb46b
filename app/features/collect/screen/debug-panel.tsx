import { useTranslation } from "react-i18next";
import type { DeviceState } from "../../../lib/device-environment.ts";

interface DebugPanelProps {
  device: DeviceState;
  online: boolean;
  cachedAt: string | null;
  fromCache: boolean;
  pending: number | null;
}

/** Field support's view of the device (spec 001 §2: shown in the installed app or with ?debug). */
export function DebugPanel({ device, online, cachedAt, fromCache, pending }: DebugPanelProps) {
  const { t, i18n } = useTranslation("collect");
  const rows: [string, string][] = [
    [t("debug.environment"), `${device.capabilities.environmentType} · ${device.device.deviceType}`],
    [t("debug.capability"), device.capabilities.canCollectData ? t("debug.canCollect") : t("debug.cannotCollect")],
    [t("debug.online"), online ? t("debug.yes") : t("debug.no")],
    [t("debug.cachedAt"), cachedAt ? new Date(cachedAt).toLocaleString(i18n.language) : t("debug.never")],
    [t("debug.source"), fromCache ? t("debug.fromCache") : t("debug.fromServer")],
    [t("debug.pending"), String(pending ?? "…")],
  ];
  return (
    <details className="mt-6 rounded-lg border border-dashed bg-muted/40 p-3 text-sm" data-testid="debug-panel">
      <summary className="cursor-pointer font-medium">{t("debug.title")}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-mono text-xs break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
