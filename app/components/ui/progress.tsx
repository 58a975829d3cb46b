import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from "react";
import * as ProgressPrimitive from "@radix-ui/react-progress";
import { cn } from "../../lib/cn.ts";

type ProgressProps = ComponentPropsWithoutRef<typeof ProgressPrimitive.Root> & {
  /** The filled part's colour (a state: near the limit, reached). */
  indicatorClassName?: string;
};

export const Progress = forwardRef<ComponentRef<typeof ProgressPrimitive.Root>, ProgressProps>(
  ({ className, indicatorClassName, value, max = 100, ...props }, ref) => {
    // Radix refuses a value above max (a console error, and no value for screen readers): usage over a plan's limit
    // is real, so the bar shows full while the text beside it keeps the true figure.
    const shown = value == null ? value : Math.min(max, Math.max(0, value));
    const percent = shown == null || max <= 0 ? 0 : (shown / max) * 100;
    return (
      <ProgressPrimitive.Root
        ref={ref}
        value={shown}
        max={max > 0 ? max : undefined}
        className={cn("relative h-2 w-full overflow-hidden rounded-full bg-muted", className)}
        {...props}
      >
        <ProgressPrimitive.Indicator
          className={cn("h-full bg-primary transition-transform", indicatorClassName)}
          style={{ transform: `translateX(-${100 - percent}%)` }}
        />
      </ProgressPrimitive.Root>
    );
  },
);
Progress.displayName = "Progress";
