import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { Database, Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { useSession } from "../../lib/session.tsx";
import { clearCachedApplications, removeCachedApplication } from "../../offline/app-cache.ts";
import {
  AUTO_CLEAN_APPS_DAYS_OPTIONS,
  KEEP_SYNCED_DATA_DAYS_OPTIONS,
  readCacheSettings,
  writeCacheSettings,
  type CacheSettings,
} from "../../offline/cache-settings.ts";
import { clearSyncedRecords } from "../../offline/outbox.ts";
import { estimateStorage, type StorageEstimateInfo } from "../../offline/persistent-storage.ts";
import { useCachedApplications } from "../../offline/use-cached-applications.ts";
import { useOutbox } from "../../offline/use-outbox.ts";
import { formatStorage } from "../../lib/format-storage.ts";

/** The current value stays selectable even when it is not one of the offered options (the default 14 days). */
function withCurrent(options: readonly number[], current: number): number[] {
  return [...new Set([...options, current])].sort((a, b) => a - b);
}

function SettingRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A number of days picked from `options` (and the current value: see withCurrent). */
function DaysSelect(props: {
  id: string;
  options: readonly number[];
  value: number;
  onChange: (days: number) => void;
  disabled: boolean;
  label: (days: number) => string;
}) {
  return (
    <Select
      value={String(props.value)}
      onValueChange={(value) => props.onChange(Number(value))}
      disabled={props.disabled}
    >
      <SelectTrigger id={props.id} className="w-48">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {withCurrent(props.options, props.value).map((days) => (
          <SelectItem key={days} value={String(days)}>
            {props.label(days)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * Spec 001 §9 cache management: storage use, what is kept on the device, the clean-up settings and the
 * clear actions. Unsynced records are never deleted here.
 */
export function CacheManagementDialog({ trigger }: { trigger?: ReactNode }) {
  const { t } = useTranslation("sync");
  return (
    <Dialog>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="outline" size="sm">
            <Database aria-hidden />
            {t("cache.open")}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <CacheManagement />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's content, mounted only while it is open: the device's outbox and cached applications are read (and the
 * settings read again) when the user looks, not on every page that offers the button.
 */
function CacheManagement() {
  const { t, i18n } = useTranslation("sync");
  const { me } = useSession();
  const userId = me?.user.id ?? null;
  const [settings, setSettings] = useState<CacheSettings>(readCacheSettings);
  const [estimate, setEstimate] = useState<StorageEstimateInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const records = useOutbox(userId);
  const applications = useCachedApplications(userId) ?? [];

  useEffect(() => {
    let current = true;
    void estimateStorage().then((info) => {
      if (current) setEstimate(info);
    });
    return () => {
      current = false;
    };
  }, [records.length, applications.length]);

  const unsynced = records.filter((record) => record.status !== "synced").length;
  const synced = records.length - unsynced;
  const change = (changes: Partial<CacheSettings>) => setSettings(writeCacheSettings(changes));
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });

  const run = async (action: () => Promise<number>, doneKey: string) => {
    setBusy(true);
    try {
      toast.success(t(doneKey, { count: await action() }));
    } catch {
      toast.error(t("cache.clearFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("cache.title")}</DialogTitle>
        <DialogDescription>{t("cache.description")}</DialogDescription>
      </DialogHeader>

      <section className="space-y-2" aria-labelledby="cache-storage">
        <h3 id="cache-storage" className="text-sm font-semibold">
          {t("cache.storage")}
        </h3>
        {estimate?.usage != null && estimate.quota ? (
          <>
            <Progress value={estimate.usage} max={estimate.quota} aria-label={t("cache.storage")} />
            <p className="text-sm text-muted-foreground">
              {t("cache.usage", {
                used: formatStorage(estimate.usage, i18n.language),
                quota: formatStorage(estimate.quota, i18n.language),
              })}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("cache.usageUnknown")}</p>
        )}
        {estimate ? (
          <p className="text-xs text-muted-foreground">
            {estimate.persisted ? t("cache.persisted") : t("cache.notPersisted")}
          </p>
        ) : null}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>{t("cache.unsynced")}</dt>
          <dd className="font-medium" data-testid="cache-unsynced">
            {unsynced}
          </dd>
          <dt>{t("cache.synced")}</dt>
          <dd className="font-medium">{synced}</dd>
          <dt>{t("cache.apps")}</dt>
          <dd className="font-medium">{applications.length}</dd>
        </dl>
      </section>

      <section className="space-y-2" aria-labelledby="cache-apps">
        <h3 id="cache-apps" className="text-sm font-semibold">
          {t("cache.apps")}
        </h3>
        {applications.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("cache.noApps")}</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {applications.map((cached) => (
              <li key={cached.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium">{cached.application.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {t("cache.cachedAt", { date: dateFormat.format(new Date(cached.cachedAt)) })}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("cache.remove", { name: cached.application.name })}
                  onClick={() => userId && void removeCachedApplication(userId, cached.id)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="space-y-3" aria-labelledby="cache-settings">
        <h3 id="cache-settings" className="text-sm font-semibold">
          {t("cache.settings")}
        </h3>
        <SettingRow id="auto-clean-after-sync" label={t("cache.autoCleanAfterSync")}>
          <Switch
            id="auto-clean-after-sync"
            checked={settings.autoCleanAfterSync}
            onCheckedChange={(checked) => change({ autoCleanAfterSync: checked })}
          />
        </SettingRow>
        <SettingRow id="keep-synced-days" label={t("cache.keepSyncedDataDays")}>
          <DaysSelect
            id="keep-synced-days"
            options={KEEP_SYNCED_DATA_DAYS_OPTIONS}
            value={settings.keepSyncedDataDays}
            onChange={(keepSyncedDataDays) => change({ keepSyncedDataDays })}
            disabled={settings.autoCleanAfterSync}
            label={(days) => (days === 0 ? t("cache.immediately") : t("cache.days", { count: days }))}
          />
        </SettingRow>
        <SettingRow id="auto-clean-apps" label={t("cache.autoCleanApps")}>
          <Switch
            id="auto-clean-apps"
            checked={settings.autoCleanApps}
            onCheckedChange={(checked) => change({ autoCleanApps: checked })}
          />
        </SettingRow>
        <SettingRow id="auto-clean-apps-days" label={t("cache.autoCleanAppsDays")}>
          <DaysSelect
            id="auto-clean-apps-days"
            options={AUTO_CLEAN_APPS_DAYS_OPTIONS}
            value={settings.autoCleanAppsDays}
            onChange={(autoCleanAppsDays) => change({ autoCleanAppsDays })}
            disabled={!settings.autoCleanApps}
            label={(days) => t("cache.days", { count: days })}
          />
        </SettingRow>
      </section>

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          disabled={!userId || synced === 0}
          loading={busy}
          onClick={() => userId && void run(() => clearSyncedRecords(userId), "cache.clearedSynced")}
        >
          {t("cache.clearSynced")}
        </Button>
        <Button
          variant="outline"
          disabled={!userId || applications.length === 0}
          loading={busy}
          onClick={() => userId && void run(() => clearCachedApplications(userId), "cache.clearedApps")}
        >
          {t("cache.clearApps")}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t("cache.unsyncedKept")}</p>
    </>
  );
}
