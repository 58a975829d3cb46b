import { toast } from "../lib/toast.ts";
import i18n from "../lib/i18n.ts";

/** The toast that offers a waiting worker's update; loaded only when there is one (it carries i18n and sonner). */
export async function offerUpdate(worker: ServiceWorker): Promise<void> {
  await i18n.loadNamespaces("pwa");
  toast(i18n.t("update.available", { ns: "pwa" }), {
    id: "sw-update",
    description: i18n.t("update.description", { ns: "pwa" }),
    duration: Infinity,
    action: {
      label: i18n.t("update.action", { ns: "pwa" }),
      onClick: () => worker.postMessage({ type: "SKIP_WAITING" }),
    },
  });
}
