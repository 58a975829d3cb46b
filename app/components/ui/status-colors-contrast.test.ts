import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The theme tokens as app/styles.css defines them for the light (:root) and the dark (.dark) theme.
const css = readFileSync(path.join(import.meta.dirname, "..", "..", "styles.css"), "utf8");

function tokens(selector: ":root" | ".dark"): Record<string, string> {
  const block = new RegExp(`^${selector.replace(".", "\\.")} \\{([^}]*)\\}`, "m").exec(css)?.[1] ?? "";
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((match) => [match[1], match[2]]),
  );
}

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255) as Rgb;
}

function luminance(color: Rgb): number {
  const [r, g, b] = color.map((channel) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** A colour at `alpha` over a background, as `bg-warning/15` paints it. */
function over(background: Rgb, color: Rgb, alpha: number): Rgb {
  return background.map((channel, index) => channel * (1 - alpha) + color[index]! * alpha) as Rgb;
}

describe.each([":root", ".dark"] as const)("status colours in %s reach WCAG AA (4.5:1) for small text", (selector) => {
  const theme = tokens(selector);
  const surfaces = ["background", "card", "muted"].map((name) => rgb(theme[name]!));

  it.each([
    ["success", "success-text"],
    ["warning", "warning-text"],
  ])("badge text on a 15 %% %s tint (network status, invites, GPS accuracy)", (tint, text) => {
    for (const surface of surfaces)
      expect(contrast(rgb(theme[text]!), over(surface, rgb(theme[tint]!), 0.15))).toBeGreaterThanOrEqual(4.5);
  });

  it("text on the solid amber (the landing's 'offline' badge)", () => {
    expect(contrast(rgb(theme["warning-solid-foreground"]!), rgb(theme["warning-solid"]!))).toBeGreaterThanOrEqual(4.5);
  });
});
