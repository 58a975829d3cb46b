import type { HTMLAttributes } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn.ts";

const alertVariants = cva("relative flex w-full gap-3 rounded-lg border p-4 text-sm [&>svg]:size-5 [&>svg]:shrink-0", {
  variants: {
    variant: {
      default: "bg-card text-card-foreground",
      info: "border-primary/40 bg-accent text-accent-foreground",
      warning: "border-warning/50 bg-warning/10 text-foreground [&>svg]:text-warning",
      destructive: "border-destructive/50 bg-destructive/10 text-foreground [&>svg]:text-destructive",
    },
  },
  defaultVariants: { variant: "default" },
});

export interface AlertProps extends HTMLAttributes<HTMLDivElement>, VariantProps<typeof alertVariants> {}

/** Destructive alerts are announced at once (role alert); the others politely (role status). */
export function Alert({ className, variant, role, ...props }: AlertProps) {
  return (
    <div
      role={role ?? (variant === "destructive" ? "alert" : "status")}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

/** An alert's heading, an h5 unless the page's outline needs another level (headings must not skip levels). */
export function AlertTitle({
  className,
  level = 5,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3 | 4 | 5 }) {
  const Heading = `h${level}` as const;
  return <Heading className={cn("font-semibold leading-tight", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("text-sm text-muted-foreground [&_p]:leading-relaxed", className)} {...props} />;
}
