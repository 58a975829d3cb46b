import { Link } from "react-router";
import type { LucideIcon } from "lucide-react";
import { Button } from "./ui/button.tsx";

interface BlockedStateProps {
  icon: LucideIcon;
  title: string;
  message: string;
  /** Where the one way out leads, and its label. */
  backTo: string;
  backLabel: string;
}

/** A page the viewer cannot use (no permission, not found): why, and the way back. */
export function BlockedState({ icon: Icon, title, message, backTo, backLabel }: BlockedStateProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" asChild>
        <Link to={backTo}>{backLabel}</Link>
      </Button>
    </div>
  );
}
