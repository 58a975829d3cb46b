/**
 * Renders the PWA's PNG icons from public/icons/campo.svg with the system Chromium (no image library needed).
 * Run after changing the SVG: `node --import tsx scripts/generate-icons.ts`, then commit the PNGs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launchBrowser } from "../e2e/support/browser.ts";

const iconsDir = path.resolve("public/icons");
const svg = readFileSync(path.join(iconsDir, "campo.svg"), "utf8");
const svgDataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
/** The brand green of the SVG's background: a maskable icon must fill its whole square with it. */
const BACKGROUND = "#15803d";

interface IconSpec {
  file: string;
  size: number;
  /** Share of the square the artwork covers; maskable icons keep it inside the 80 % safe circle. */
  artworkScale: number;
  background: string;
}

const ICONS: IconSpec[] = [
  { file: "campo-192.png", size: 192, artworkScale: 1, background: "transparent" },
  { file: "campo-512.png", size: 512, artworkScale: 1, background: "transparent" },
  { file: "campo-512-maskable.png", size: 512, artworkScale: 0.72, background: BACKGROUND },
];

function pageFor({ size, artworkScale, background }: IconSpec): string {
  const artwork = Math.round(size * artworkScale);
  return `<!doctype html><html><body style="margin:0;background:transparent">
    <div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${background}">
      <img src="${svgDataUrl}" width="${artwork}" height="${artwork}" alt="">
    </div></body></html>`;
}

const browser = await launchBrowser();
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(pageFor(icon));
    await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    writeFileSync(path.join(iconsDir, icon.file), png);
    console.log(`${icon.file}: ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
