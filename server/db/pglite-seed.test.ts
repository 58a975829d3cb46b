import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { plantSeed } from "./pglite-seed.ts";

describe("plantSeed", () => {
  let root: string;
  let seed: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "campo-seed-test-"));
    seed = path.join(root, "seed");
    mkdirSync(path.join(seed, "base", "1"), { recursive: true });
    writeFileSync(path.join(seed, "PG_VERSION"), "17\n");
    writeFileSync(path.join(seed, "base", "1", "1259"), "catalog");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("copies the seed into an empty data folder and leaves nothing beside it", () => {
    const dir = path.join(root, "data", "pglite");
    mkdirSync(dir, { recursive: true });
    expect(plantSeed(dir, seed)).toBe(true);
    expect(readFileSync(path.join(dir, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readFileSync(path.join(dir, "base", "1", "1259"), "utf8")).toBe("catalog");
    expect(readdirSync(path.join(root, "data"))).toEqual(["pglite"]);
  });

  it("never touches a folder that already holds a database", () => {
    const dir = path.join(root, "data", "pglite");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "PG_VERSION"), "16\n");
    expect(plantSeed(dir, seed)).toBe(false);
    expect(readdirSync(dir)).toEqual(["PG_VERSION"]);
    expect(readFileSync(path.join(dir, "PG_VERSION"), "utf8")).toBe("16\n");
    expect(readdirSync(path.join(root, "data"))).toEqual(["pglite"]);
  });
});
