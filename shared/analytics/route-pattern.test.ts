import { describe, expect, it } from "vitest";
import { routePattern } from "./route-pattern.ts";

describe("routePattern", () => {
  it("replaces uuids and numeric ids with :id and keeps the rest of the path", () => {
    expect(routePattern("/applications/3f2a9c1e-0b4d-4e7a-9f00-1a2b3c4d5e6f/data")).toBe("/applications/:id/data");
    expect(routePattern("/applications/3F2A9C1E-0B4D-4E7A-9F00-1A2B3C4D5E6F/edit")).toBe("/applications/:id/edit");
    expect(routePattern("/blog/42")).toBe("/blog/:id");
    expect(routePattern("/blog/como-coletar-offline")).toBe("/blog/como-coletar-offline");
    expect(routePattern("/")).toBe("/");
  });
});
