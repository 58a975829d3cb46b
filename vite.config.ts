import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { fileURLToPath } from "node:url";
import { chunkGroups } from "./scripts/chunk-groups.ts";
import { webContracts } from "./scripts/web-contracts.ts";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";
const PRERENDERED_ENTRY = "app/prerender/prerendered-entry.ts";
const chunks = chunkGroups(PRERENDERED_ENTRY);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    chunks.plugin,
    webContracts(fileURLToPath(new URL("node_modules/.cache/campo", import.meta.url))),
    tailwindcss(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "app",
      filename: "sw.ts",
      injectRegister: false,
      registerType: "prompt",
      manifest: false,
      injectManifest: {
        // JSON too: i18n catalogs become JS chunks today, but any JSON emitted into dist must open offline as well.
        // wasm: the barcode decoder (ZXing), so a scan works offline on an installed phone.
        // mjs: MapLibre's worker, without which no map draws offline (saved base map areas included).
        globPatterns: ["**/*.{js,mjs,css,html,json,svg,png,webmanifest,woff2,wasm}"],
        // The map chunk (MapLibre) is large on purpose: precached so the map works offline.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // React Router's package points every condition at its development build (dev-only warnings checked on every
    // render and route update); its production build sits beside it, the same code with those checks off.
    alias:
      command !== "build"
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url),
              ),
            },
          ],
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/connectivity-check": apiTarget },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1600,
    // The manifest tells scripts/prerender.ts the built name of the prerendered pages' own entry.
    manifest: true,
    rollupOptions: {
      input: { index: "index.html", prerendered: PRERENDERED_ENTRY },
      output: { codeSplitting: { groups: chunks.groups } },
    },
  },
}));
