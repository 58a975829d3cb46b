import path from "node:path";
import type { Plugin } from "vite";

/**
 * How the web build cuts its JavaScript into files. Left to itself the bundler makes a file of every set of modules
 * that the same pages share: the app's entry came out as 48 files and a collect page as 70 more, most of them a few
 * hundred bytes (one icon, one helper). A phone pays a round trip for every few files (a browser opens six
 * connections to a server over HTTP/1.1; 150 ms each on a slow 3G/4G link), so a first open waited on requests
 * rather than on bytes. The groups below put the entry in a few files (framework, app, the landing's `boot`) and the
 * pieces many pages share (the dialog and menu primitives with the app's UI components; the icons) in one file each;
 * a page's own code stays in its own chunk.
 *
 * The prerendered landing loads the app only on the visitor's first intent (app/prerender/prerendered-entry.ts): what it
 * imports itself (service worker start, install state, tracker) is kept out of the app's groups, in `boot`, so the
 * landing does not download the app with it.
 */
const FRAMEWORK =
  "react|react-dom|scheduler|react-router|@tanstack[\\\\/]query-core|@tanstack[\\\\/]react-query|i18next|react-i18next|" +
  "i18next-browser-languagedetector|tailwind-merge|clsx|class-variance-authority";
const UI_PRIMITIVES =
  "@radix-ui[\\\\/][^\\\\/]+|@floating-ui[\\\\/][^\\\\/]+|react-remove-scroll|react-remove-scroll-bar|aria-hidden|" +
  "use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|tslib";

/** The app's own wrappers of those primitives (button, dialog, card…): a few hundred bytes each. */
const APP_UI = /[\\/]app[\\/]components[\\/]ui[\\/]/;

export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  priority: number;
  tags?: "$initial"[];
}

export function chunkGroups(landingEntry: string): { plugin: Plugin; groups: ChunkGroup[] } {
  const imports = new Map<string, readonly string[]>();
  /** Modules another module imports with `import()`: each stays the head of its own chunk. */
  const dynamicTargets = new Set<string>();
  const landingRoot = path.resolve(landingEntry);
  /** The landing's entry and every module it imports statically, at any depth (read once the graph is whole). */
  let landing: Set<string> | undefined;
  const inLanding = (id: string): boolean => {
    if (!landing) {
      landing = new Set();
      const stack = [landingRoot];
      for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
        if (landing.has(next)) continue;
        landing.add(next);
        stack.push(...(imports.get(next) ?? []));
      }
    }
    return landing.has(id);
  };
  const library = (names: string) => {
    const pattern = new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
    return (id: string) => pattern.test(id) && !inLanding(id);
  };

  const uiPrimitive = library(UI_PRIMITIVES);

  const plugin: Plugin = {
    name: "campo-chunk-groups",
    apply: "build",
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
      for (const id of info.dynamicallyImportedIds) dynamicTargets.add(id);
    },
  };
  const groups: ChunkGroup[] = [
    { name: "boot", test: (id) => id !== landingRoot && inLanding(id), priority: 5 },
    { name: "framework", test: library(FRAMEWORK), priority: 4 },
    {
      name: "app",
      tags: ["$initial"],
      // Entries stay files of their own: index.html's, with Vite's module-preload polyfill (a virtual module; the
      // build's later steps find that file in the manifest), and the app's main module, which the landing imports
      // when the visitor shows intent.
      test: (id) => !inLanding(id) && !id.endsWith(".html") && !id.startsWith("\0") && !dynamicTargets.has(id),
      priority: 3,
    },
    {
      name: "ui",
      test: (id) => (uiPrimitive(id) || (APP_UI.test(id) && !dynamicTargets.has(id))) && !inLanding(id),
      priority: 2,
    },
    { name: "icons", test: library("lucide-react"), priority: 2 },
  ];
  return { plugin, groups };
}
