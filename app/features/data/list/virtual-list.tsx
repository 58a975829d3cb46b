import { useEffect, useRef, useState, type ReactNode } from "react";

interface VirtualListProps {
  count: number;
  rowHeight: number;
  /** Rows rendered beyond the visible ones on each side, so fast scrolling shows no gaps. */
  overscan?: number;
  className?: string;
  renderRow(index: number): ReactNode;
  /** Called when the last rendered row comes within `overscan` rows of the bottom (load the next page). */
  onNearEnd?(): void;
  ariaLabel: string;
}

/**
 * Windowing without a dependency: only the rows in view (plus overscan) exist in the DOM, absolutely placed inside
 * a spacer of the full height, so 100k rows scroll like 50.
 */
export function VirtualList({
  count,
  rowHeight,
  overscan = 8,
  className,
  renderRow,
  onNearEnd,
  ariaLabel,
}: VirtualListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    setHeight(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + height) / rowHeight) + overscan);

  useEffect(() => {
    if (count > 0 && last >= count - 1 - overscan) onNearEnd?.();
  }, [last, count, overscan, onNearEnd]);

  const rows: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    rows.push(
      <div
        key={index}
        role="listitem"
        aria-posinset={index + 1}
        aria-setsize={count}
        style={{ position: "absolute", top: index * rowHeight, height: rowHeight, left: 0, right: 0 }}
      >
        {renderRow(index)}
      </div>,
    );
  }
  return (
    <div
      ref={scroller}
      className={className}
      style={{ overflowY: "auto", position: "relative" }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div role="list" aria-label={ariaLabel} style={{ height: count * rowHeight, position: "relative" }}>
        {rows}
      </div>
    </div>
  );
}
