import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";

interface GuardAction {
  to: string;
  label: string;
}

interface GuardScreenProps {
  icon: LucideIcon;
  title: string;
  message: string;
  suggestion?: string;
  action: GuardAction;
  secondary?: GuardAction;
  children?: ReactNode;
}

/** A full-screen explanation of why the form is not shown, with the way out (spec 001 §2 guard screens). */
export function GuardScreen({ icon: Icon, title, message, suggestion, action, secondary, children }: GuardScreenProps) {
  return (
    <section
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-2 text-center"
      aria-labelledby="guard-title"
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-muted">
        <Icon className="size-8 text-muted-foreground" aria-hidden />
      </div>
      <h1 id="guard-title" className="text-xl font-semibold">
        {title}
      </h1>
      <p className="text-muted-foreground">{message}</p>
      {suggestion ? <p className="text-sm text-muted-foreground">{suggestion}</p> : null}
      {children}
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to={action.to}>{action.label}</Link>
        </Button>
        {secondary ? (
          <Button asChild size="lg" variant="outline">
            <Link to={secondary.to}>{secondary.label}</Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
