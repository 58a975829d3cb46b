import { describe, expect, it } from "vitest";
import {
  accuracyLevel,
  formatCoordinate,
  GEOLOCATION_OPTIONS,
  geolocationErrorKey,
  toCapturedPosition,
} from "./gps.ts";

describe("gps", () => {
  it("labels accuracy: up to 10 m very good, up to 50 m good, else poor", () => {
    expect(accuracyLevel(3)).toBe("veryGood");
    expect(accuracyLevel(10)).toBe("veryGood");
    expect(accuracyLevel(10.5)).toBe("good");
    expect(accuracyLevel(50)).toBe("good");
    expect(accuracyLevel(51)).toBe("poor");
  });

  it("shows coordinates with 6 decimals", () => {
    expect(formatCoordinate(-23.5505199)).toBe("-23.550520");
    expect(formatCoordinate(-46.6)).toBe("-46.600000");
  });

  it("asks for a fresh, precise fix within 10 s", () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
  });

  it("maps browser error codes to the spec's messages", () => {
    expect(geolocationErrorKey(1)).toBe("denied");
    expect(geolocationErrorKey(2)).toBe("unavailable");
    expect(geolocationErrorKey(3)).toBe("timeout");
  });

  it("turns a browser position into the stored shape", () => {
    const position = {
      coords: { latitude: 1, longitude: 2, accuracy: 8 } as GeolocationCoordinates,
      timestamp: Date.UTC(2024, 0, 2),
    };
    expect(toCapturedPosition(position)).toEqual({
      latitude: 1,
      longitude: 2,
      accuracy: 8,
      timestamp: "2024-01-02T00:00:00.000Z",
    });
  });
});
