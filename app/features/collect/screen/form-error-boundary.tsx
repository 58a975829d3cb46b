import { Component, type ErrorInfo, type ReactNode } from "react";
import { AlertTriangle, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";

/** Spec 001 §4: the form recovers by itself after 3 s, at most 3 times; then the error stays. */
export const FORM_RECOVERY_DELAY_MS = 3000;
export const FORM_RECOVERY_ATTEMPTS = 3;

interface Labels {
  recovering: string;
  failedTitle: string;
  failed: string;
  reload: string;
}

interface Props {
  children: ReactNode;
  labels: Labels;
}

interface State {
  failed: boolean;
  recoveries: number;
}

class RecoveringBoundary extends Component<Props, State> {
  state: State = { failed: false, recoveries: 0 };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Collect form error", error, info.componentStack);
    if (this.state.recoveries >= FORM_RECOVERY_ATTEMPTS) return;
    clearTimeout(this.timer);
    // The draft in session storage brings the answers back when the form mounts again.
    this.timer = setTimeout(
      () => this.setState((state) => ({ failed: false, recoveries: state.recoveries + 1 })),
      FORM_RECOVERY_DELAY_MS,
    );
  }

  componentWillUnmount(): void {
    clearTimeout(this.timer);
  }

  render() {
    const { labels } = this.props;
    if (!this.state.failed) return this.props.children;
    if (this.state.recoveries < FORM_RECOVERY_ATTEMPTS) {
      return (
        <p role="status" className="flex items-center justify-center gap-2 rounded-lg border p-6 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden />
          {labels.recovering}
        </p>
      );
    }
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-6 text-center"
      >
        <AlertTriangle className="size-8 text-destructive" aria-hidden />
        <p className="font-semibold">{labels.failedTitle}</p>
        <p className="text-sm text-muted-foreground">{labels.failed}</p>
        <Button onClick={() => window.location.reload()}>{labels.reload}</Button>
      </div>
    );
  }
}

export function FormErrorBoundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation("collect");
  return (
    <RecoveringBoundary
      labels={{
        recovering: t("boundary.recovering"),
        failedTitle: t("boundary.failedTitle"),
        failed: t("boundary.failed"),
        reload: t("boundary.reload"),
      }}
    >
      {children}
    </RecoveringBoundary>
  );
}
