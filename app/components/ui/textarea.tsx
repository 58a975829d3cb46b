import { forwardRef, type TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn.ts";
import { controlClasses } from "./input.tsx";

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => (
    <textarea ref={ref} className={cn(controlClasses, "min-h-20 py-2", className)} {...props} />
  ),
);
Textarea.displayName = "Textarea";
