import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog.tsx";
import type { DesignerField } from "./designer-fields.ts";

/** Removing a section or repeat that holds fields asks what becomes of them: moved out (kept) or removed too. */
export function RemoveContainerDialog({
  container,
  childCount,
  onChoose,
  onCancel,
}: {
  container: DesignerField | null;
  childCount: number;
  onChoose: (children: "keep" | "remove") => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("designer-logic");
  const label = container?.label.trim() ?? "";
  return (
    <AlertDialog open={container !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("removeContainer.title", { label })}</AlertDialogTitle>
          <AlertDialogDescription>{t("removeContainer.message", { count: childCount })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("removeContainer.cancel")}</AlertDialogCancel>
          <AlertDialogAction destructive onClick={() => onChoose("remove")}>
            {t("removeContainer.removeAll")}
          </AlertDialogAction>
          <AlertDialogAction onClick={() => onChoose("keep")}>{t("removeContainer.moveOut")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
