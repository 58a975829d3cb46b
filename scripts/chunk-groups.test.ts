import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunkGroups } from "./chunk-groups.ts";

const id = (file: string) => path.resolve(file);
const LANDING = "app/prerender/prerendered-entry.ts";
const REACT = id("node_modules/react/index.js");
const RADIX = id("node_modules/@radix-ui/react-dialog/dist/index.mjs");

/** The groups after the build parsed a small app: the landing and the app share the service worker's start. */
function built() {
  const { plugin, groups } = chunkGroups(LANDING);
  const parsed: [string, string[], string[]][] = [
    [id(LANDING), [id("app/pwa/start-pwa.ts")], [id("app/main.tsx")]],
    [id("app/pwa/start-pwa.ts"), [id("app/pwa/register-sw.ts")], []],
    [id("index.html"), ["\0vite/modulepreload-polyfill.js", id("app/main.tsx")], []],
    [id("app/main.tsx"), [REACT, id("app/routes.tsx"), id("app/pwa/start-pwa.ts")], []],
    [id("app/routes.tsx"), [], [id("app/features/auth/auth-page.tsx")]],
    [id("app/features/auth/auth-page.tsx"), [id("app/components/ui/tabs.tsx")], []],
    [id("app/components/ui/tabs.tsx"), [RADIX], [id("app/components/ui/date-picker-calendar.tsx")]],
  ];
  const moduleParsed = plugin.moduleParsed as (info: object) => void;
  for (const [module, importedIds, dynamicallyImportedIds] of parsed)
    moduleParsed({ id: module, importedIds, dynamicallyImportedIds });
  // What the bundler tags `$initial`: the entries' static imports, at any depth.
  const initial = new Set<string>();
  const stack = [id("index.html"), id(LANDING)];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (initial.has(next)) continue;
    initial.add(next);
    stack.push(...(parsed.find(([module]) => module === next)?.[1] ?? []));
  }
  const groupOf = (module: string) =>
    groups
      .filter((group) => group.test(module) && (!group.tags || initial.has(module)))
      .sort((a, b) => b.priority - a.priority)
      .map((group) => group.name)[0] ?? null;
  return { groupOf, groups };
}

describe("the build's chunk groups", () => {
  it("keeps what the landing imports out of the app's files, so the landing does not load the app", () => {
    const { groupOf } = built();
    expect(groupOf(id("app/pwa/start-pwa.ts"))).toBe("boot");
    expect(groupOf(id("app/pwa/register-sw.ts"))).toBe("boot");
    expect(groupOf(id(LANDING))).toBeNull();
  });

  it("puts the framework and the app's entry code in their own files, and leaves the entries' heads alone", () => {
    const { groupOf } = built();
    expect(groupOf(REACT)).toBe("framework");
    expect(groupOf(id("app/routes.tsx"))).toBe("app");
    expect(groupOf(id("index.html"))).toBeNull();
    expect(groupOf("\0vite/modulepreload-polyfill.js")).toBeNull();
    expect(groupOf(id("app/main.tsx"))).toBeNull();
  });

  it("gathers the UI pieces and icons many pages share; a lazy page's own code is no group's", () => {
    const { groupOf, groups } = built();
    expect(groupOf(RADIX)).toBe("ui");
    expect(groupOf(id("node_modules/lucide-react/dist/esm/icons/map.js"))).toBe("icons");
    expect(groupOf(id("app/components/ui/tabs.tsx"))).toBe("ui");
    // A piece of the UI loaded on demand (the date picker's calendar) keeps its own chunk, and its libraries with it.
    expect(groupOf(id("app/components/ui/date-picker-calendar.tsx"))).toBeNull();
    expect(groupOf(id("app/features/auth/auth-page.tsx"))).toBeNull();
    expect(groups.find((group) => group.name === "app")?.tags).toEqual(["$initial"]);
  });
});
