import { CheckCircle2, CloudOff, Loader2, Save } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { isBusy, type SubmitState } from "../logic/submit-stage.ts";

interface SubmitBarProps {
  state: SubmitState;
  editing: boolean;
  online: boolean;
  cancelTo: string;
  disabled: boolean;
}

function labelKey({ stage, outcome }: SubmitState, editing: boolean): string {
  switch (stage) {
    case "validating":
      return "submit.validating";
    case "saving_online":
      return "submit.savingOnline";
    case "saving_offline":
      return "submit.savingOffline";
    case "success":
      return outcome === "offline" ? "submit.savedOffline" : editing ? "submit.updated" : "submit.saved";
    case "error":
      return "submit.retry";
    default:
      return editing ? "submit.saveChanges" : "submit.save";
  }
}

/** Stays at the bottom of the screen so the save button is one thumb away; the stage is its label. */
export function SubmitBar({ state, editing, online, cancelTo, disabled }: SubmitBarProps) {
  const { t } = useTranslation("collect");
  const busy = isBusy(state.stage);
  const success = state.stage === "success";
  const Icon = busy ? Loader2 : success ? CheckCircle2 : online ? Save : CloudOff;
  return (
    <div className="sticky bottom-0 z-20 -mx-4 mt-2 border-t bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-2xl items-center gap-3">
        <Button variant="outline" size="lg" asChild className="shrink-0">
          <Link to={cancelTo}>{t("submit.cancel")}</Link>
        </Button>
        <Button
          type="submit"
          size="lg"
          disabled={busy || disabled}
          aria-busy={busy || undefined}
          data-stage={state.stage}
          className={cn(
            "flex-1",
            success && "bg-success text-white hover:bg-success",
            state.stage === "error" && "bg-destructive text-destructive-foreground hover:bg-destructive/90",
          )}
        >
          <Icon className={cn(busy && "animate-spin")} aria-hidden />
          {t(labelKey(state, editing))}
        </Button>
      </div>
      {!online && !busy && !success ? (
        <p className="mx-auto mt-2 max-w-2xl text-center text-xs text-muted-foreground">{t("submit.offlineHint")}</p>
      ) : null}
    </div>
  );
}
