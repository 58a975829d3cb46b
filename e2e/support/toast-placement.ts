import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The newest toast, once its slide-in has ended, covers none of `targets` (buttons, titles) on screen. */
export async function expectToastClearOf(page: Page, targets: Locator[]): Promise<void> {
  const toast = page.locator("[data-sonner-toast]").first();
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const toastBox = await toast.boundingBox();
  expect(toastBox).not.toBeNull();
  for (const target of targets) {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    if (toastBox && box) expect(overlaps(toastBox, box), (await target.textContent()) ?? "target").toBe(false);
  }
}
