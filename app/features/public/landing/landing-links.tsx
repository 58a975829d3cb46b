import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, type ButtonProps } from "../../../components/ui/button.tsx";
import { track } from "../../../lib/analytics/track.ts";

/** 'Test free' opens /auth on the register tab (router state activeTab, spec 000 §2). */
export function TryFreeButton({ children, ...props }: Omit<ButtonProps, "asChild"> & { children: ReactNode }) {
  return (
    <Button asChild {...props}>
      <Link to="/auth" state={{ activeTab: "register" }} onClick={() => track("cta_click", { cta: "try_free" })}>
        {children}
      </Link>
    </Button>
  );
}

export function LoginButton({ children, ...props }: Omit<ButtonProps, "asChild"> & { children: ReactNode }) {
  return (
    <Button asChild {...props}>
      <Link to="/auth" onClick={() => track("cta_click", { cta: "login" })}>
        {children}
      </Link>
    </Button>
  );
}
