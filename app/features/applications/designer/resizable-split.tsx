import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { cn } from "../../../lib/cn.ts";
import { percentAfterKey, percentAt } from "./split-math.ts";

interface ResizableSplitProps {
  first: ReactNode;
  second: ReactNode;
  /** Share of the first panel, in percent. */
  defaultSize: number;
  minSize: number;
  maxSize: number;
  /** Accessible name of the separator, e.g. "Redimensionar paleta". */
  label: string;
  /** Collapses the second panel; the first takes the whole width and keeps its own state. */
  secondHidden?: boolean;
  className?: string;
}

/**
 * Two panels side by side with a draggable, keyboard-operable separator (WAI-ARIA window splitter):
 * a few lines here instead of a layout dependency.
 */
export function ResizableSplit({
  first,
  second,
  defaultSize,
  minSize,
  maxSize,
  label,
  secondHidden = false,
  className,
}: ResizableSplitProps) {
  const [size, setSize] = useState(defaultSize);
  const containerRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const resizeTo = (clientX: number) => {
    const box = containerRef.current?.getBoundingClientRect();
    if (box) setSize(percentAt(clientX, box.left, box.width, minSize, maxSize));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) resizeTo(event.clientX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = percentAfterKey(event.key, size, minSize, maxSize);
    if (next === undefined) return;
    event.preventDefault();
    setSize(next);
  };

  return (
    <div ref={containerRef} className={cn("flex min-h-0 min-w-0", className)}>
      <div
        className="min-w-0 overflow-auto"
        style={secondHidden ? { flex: "1 1 0%" } : { flexBasis: `${size}%`, flexGrow: 0, flexShrink: 0 }}
      >
        {first}
      </div>
      {secondHidden ? null : (
        <>
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label={label}
            aria-valuenow={size}
            aria-valuemin={minSize}
            aria-valuemax={maxSize}
            tabIndex={0}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
            className="group relative w-3 shrink-0 cursor-col-resize touch-none select-none focus-visible:outline-none"
          >
            <span className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-border transition-colors group-hover:bg-primary group-focus-visible:w-1 group-focus-visible:bg-ring" />
            <span className="absolute left-1/2 top-1/2 h-8 w-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-border group-hover:bg-primary" />
          </div>
          <div className="min-w-0 flex-1 overflow-auto">{second}</div>
        </>
      )}
    </div>
  );
}
