import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, type ButtonProps } from "../../../components/ui/button.tsx";

/** 'Test free' opens /auth on the register tab (router state activeTab, spec 000 §2). */
export function TryFreeButton({ children, ...props }: Omit<ButtonProps, "asChild"> & { children: ReactNode }) {
  return (
    <Button asChild {...props}>
      <Link to="/auth" state={{ activeTab: "register" }}>
        {children}
      </Link>
    </Button>
  );
}

export function LoginButton({ children, ...props }: Omit<ButtonProps, "asChild"> & { children: ReactNode }) {
  return (
    <Button asChild {...props}>
      <Link to="/auth">{children}</Link>
    </Button>
  );
}
