import type { Page } from "playwright-core";

/**
 * dnd-kit's keyboard sensor announces the pick-up at once but starts listening for arrow keys in a zero-delay timer,
 * and Chromium runs input before timers: under load an arrow pressed right after the announcement was lost (CI,
 * 2026-11-24). A zero-delay timer queued now runs after the sensor's.
 */
export async function keyboardSensorListening(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)));
}
