/** Installed or standalone, fullscreen or minimal-ui display (spec 000 §2 root redirect). */
export function isInstalledDisplay(): boolean {
  if (typeof window === "undefined" || !window.matchMedia) return false;
  return (
    ["standalone", "fullscreen", "minimal-ui"].some((mode) => window.matchMedia(`(display-mode: ${mode})`).matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
