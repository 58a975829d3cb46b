export interface FunnelStepRates {
  step: string;
  visitors: number;
  /** share of the previous step's visitors (null for the first step, or when the previous step had none) */
  fromPrevious: number | null;
  /** share of the first step's visitors (null when there were none) */
  fromFirst: number | null;
}

/** Conversion rates of a funnel; later steps can exceed earlier ones (other days, other devices), so no clamping. */
export function funnelRates(steps: readonly { step: string; visitors: number }[]): FunnelStepRates[] {
  const first = steps[0]?.visitors ?? 0;
  return steps.map((step, index) => {
    const previous = index > 0 ? steps[index - 1]!.visitors : 0;
    return {
      ...step,
      fromPrevious: index > 0 && previous > 0 ? step.visitors / previous : null,
      fromFirst: first > 0 ? step.visitors / first : null,
    };
  });
}
