/** The web vitals Campo measures (web-vitals' names). */
export const VITAL_METRICS = ["FCP", "LCP", "CLS", "INP", "TTFB"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

export type VitalBand = "good" | "needsImprovement" | "poor";

/**
 * web-vitals' own thresholds (web.dev): at or below the first a sample is good, above the second it is poor.
 * Milliseconds, except CLS (unitless).
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, readonly [good: number, poor: number]> = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
  TTFB: [800, 1800],
};

export function isVitalMetric(name: string): name is VitalMetric {
  return (VITAL_METRICS as readonly string[]).includes(name);
}

export function vitalBand(metric: VitalMetric, value: number): VitalBand {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  if (value <= good) return "good";
  return value <= poor ? "needsImprovement" : "poor";
}
