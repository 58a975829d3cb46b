import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";

/**
 * Says once that the device took a newer version of the form (the load that replaced the cached copy reports it):
 * records already waiting on the device keep the version they were collected with.
 */
export function useFormVersionNotice(updatedToVersion: number | null): void {
  const { t } = useTranslation("form-versions");
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (updatedToVersion === null || announced.current === updatedToVersion) return;
    announced.current = updatedToVersion;
    toast.info(t("updated", { version: updatedToVersion }), { description: t("updatedDetail") });
  }, [updatedToVersion, t]);
}
