import { toast } from "../../lib/toast.ts";
import i18n from "../../lib/i18n.ts";
import { upgradePath } from "../../lib/upgrade-path.ts";
import { PLANS_OFFER_DELAY_MS, type SyncNotice } from "./sync-notice.ts";

const TOAST_ID = "campo-sync";

/**
 * Shows a sync notice as a toast (one at a time: a newer result replaces the older), then its follow-ups. The plans
 * offer takes the notice's place too: stacked on it, the notice stayed under the finger that dismissed the offer and
 * covered the limit banner's upgrade button (e2e billing journey, 2026-11-27).
 */
export async function showSyncNotice(notice: SyncNotice, navigate: (to: string) => void): Promise<void> {
  await i18n.loadNamespaces("sync");
  const t = i18n.getFixedT(null, "sync");
  const description = notice.description ? t(notice.description.key, notice.description.params) : undefined;
  toast[notice.tone](t(notice.title), { id: TOAST_ID, description });
  const redirect = notice.redirect;
  if (redirect) setTimeout(() => navigate(redirect.to), redirect.afterMs);
  const reason = notice.offerPlans;
  if (reason) {
    setTimeout(() => {
      toast(t("toast.limitConfirm"), {
        id: TOAST_ID,
        // Updating a toast keeps what is not given again: the notice's description does not belong to the offer.
        description: undefined,
        duration: 15_000,
        action: { label: t("toast.viewPlans"), onClick: () => navigate(upgradePath(reason)) },
        cancel: { label: t("toast.notNow"), onClick: () => undefined },
      });
    }, PLANS_OFFER_DELAY_MS);
  }
}
