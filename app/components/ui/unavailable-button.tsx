import { useId, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { Button, type ButtonProps } from "./button.tsx";

interface UnavailableButtonProps extends Pick<ButtonProps, "variant" | "size"> {
  children: ReactNode;
  /** Why the action is not offered here, shown under the button and read with it. */
  reason: string;
  className?: string;
}

/**
 * An action this device does not allow, shown where the action would be instead of a button that leads to a wall.
 * `aria-disabled` rather than `disabled`: the button stays in the tab order, so keyboard and screen reader users reach
 * it and hear the reason (its description).
 */
export function UnavailableButton({ children, reason, className, variant, size }: UnavailableButtonProps) {
  const reasonId = useId();
  return (
    <span className={cn("inline-flex max-w-64 flex-col items-stretch gap-1", className)}>
      <Button
        variant={variant}
        size={size}
        aria-disabled="true"
        aria-describedby={reasonId}
        className="cursor-not-allowed opacity-50 hover:bg-inherit"
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </Button>
      <span id={reasonId} className="text-xs text-muted-foreground">
        {reason}
      </span>
    </span>
  );
}
