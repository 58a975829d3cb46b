import { describe, expect, it } from "vitest";
import {
  compressionSettingsFor,
  exceedsMaxSize,
  fitWithin,
  isAcceptedPhotoType,
  shouldShowCompressionNotice,
} from "./photo-compression.ts";

const MB = 1024 * 1024;

describe("compressionSettingsFor", () => {
  it("uses the spec's tiers by original size", () => {
    expect(compressionSettingsFor(12 * MB)).toEqual({ maxWidth: 1280, maxHeight: 720, quality: 0.6 });
    expect(compressionSettingsFor(6 * MB)).toEqual({ maxWidth: 1600, maxHeight: 900, quality: 0.7 });
    expect(compressionSettingsFor(3 * MB)).toEqual({ maxWidth: 1920, maxHeight: 1080, quality: 0.8 });
    expect(compressionSettingsFor(1 * MB)).toEqual({ maxWidth: 1920, maxHeight: 1080, quality: 0.9 });
  });

  it("treats a threshold as 'over', so exactly 5 MB is the 2 MB tier", () => {
    expect(compressionSettingsFor(5 * MB).quality).toBe(0.8);
    expect(compressionSettingsFor(10 * MB).quality).toBe(0.7);
    expect(compressionSettingsFor(2 * MB).quality).toBe(0.9);
  });
});

describe("fitWithin", () => {
  const box = { maxWidth: 1920, maxHeight: 1080, quality: 0.8 };
  it("scales a large landscape photo into the box keeping its aspect", () => {
    expect(fitWithin(4000, 3000, box)).toEqual({ width: 1440, height: 1080 });
  });
  it("turns the box for a portrait photo", () => {
    expect(fitWithin(3000, 4000, box)).toEqual({ width: 1080, height: 1440 });
  });
  it("never enlarges a small photo", () => {
    expect(fitWithin(640, 480, box)).toEqual({ width: 640, height: 480 });
  });
});

describe("compression notice", () => {
  it("shows only above a 1.1 ratio", () => {
    expect(shouldShowCompressionNotice(1100, 1000)).toBe(false);
    expect(shouldShowCompressionNotice(1101, 1000)).toBe(true);
  });
});

describe("accepted photos", () => {
  it("accepts JPEG, PNG and WebP only", () => {
    expect(["image/jpeg", "image/png", "image/webp"].every(isAcceptedPhotoType)).toBe(true);
    expect(isAcceptedPhotoType("image/gif")).toBe(false);
    expect(isAcceptedPhotoType("application/pdf")).toBe(false);
  });
  it("compares the size with the configured MB", () => {
    expect(exceedsMaxSize(5 * MB, 5)).toBe(false);
    expect(exceedsMaxSize(5 * MB + 1, 5)).toBe(true);
  });
});
