import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from "react";
import * as ProgressPrimitive from "@radix-ui/react-progress";
import { cn } from "../../lib/cn.ts";

type ProgressProps = ComponentPropsWithoutRef<typeof ProgressPrimitive.Root> & {
  /** The filled part's colour (a state: near the limit, reached). */
  indicatorClassName?: string;
};

export const Progress = forwardRef<ComponentRef<typeof ProgressPrimitive.Root>, ProgressProps>(
  ({ className, indicatorClassName, value, max = 100, ...props }, ref) => {
    const percent = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
    return (
      <ProgressPrimitive.Root
        ref={ref}
        value={value}
        max={max}
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
