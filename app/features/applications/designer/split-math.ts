/** Percent helpers of the resizable split (kept pure so the arithmetic is tested without a DOM). */
export function clampPercent(value: number, min: number, max: number): number {
  return Math.round(Math.min(max, Math.max(min, value)) * 10) / 10;
}

/** The first panel's share when the separator sits at pointer x inside a container spanning [left, left + width]. */
export function percentAt(pointerX: number, left: number, width: number, min: number, max: number): number {
  if (width <= 0) return min;
  return clampPercent(((pointerX - left) / width) * 100, min, max);
}

export const KEYBOARD_STEP_PERCENT = 2;

/** Arrow keys nudge, Home/End jump to the limits (the WAI-ARIA window splitter pattern); other keys do nothing. */
export function percentAfterKey(key: string, current: number, min: number, max: number): number | undefined {
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return clampPercent(current - KEYBOARD_STEP_PERCENT, min, max);
    case "ArrowRight":
    case "ArrowUp":
      return clampPercent(current + KEYBOARD_STEP_PERCENT, min, max);
    case "Home":
      return min;
    case "End":
      return max;
    default:
      return undefined;
  }
}
