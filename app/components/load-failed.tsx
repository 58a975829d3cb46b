import { AlertCircle, RotateCcw } from "lucide-react";
import { Alert, AlertTitle } from "./ui/alert.tsx";
import { Button } from "./ui/button.tsx";

interface LoadFailedProps {
  title: string;
  retryLabel: string;
  onRetry: () => void;
  retrying: boolean;
}

/** A section whose data could not be loaded, with its retry button. */
export function LoadFailed({ title, retryLabel, onRetry, retrying }: LoadFailedProps) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden />
      <div className="flex flex-1 flex-col gap-2">
        <AlertTitle>{title}</AlertTitle>
        <div>
          <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
            {retrying ? null : <RotateCcw aria-hidden />}
            {retryLabel}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
