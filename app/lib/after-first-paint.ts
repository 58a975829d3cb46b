/**
 * Resolves once the page has loaded and the browser is idle (3 s at most): for work that must not compete with the
 * first paint or lengthen the first render's long task (the page-view tracker, the device's offline housekeeping).
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      "requestIdleCallback" in window
        ? requestIdleCallback(() => resolve(), { timeout: 3000 })
        : setTimeout(resolve, 1);
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
}
