/**
 * Lengths and areas in the units field teams use: metres then kilometres; square metres, hectares (the unit of
 * plots and farms in Brazil) and square kilometres past 1,000 ha. The unit symbols are the same in every language;
 * only the number's separators follow the locale.
 */
const HECTARE = 10_000;
const SQUARE_KILOMETRE = 1_000_000;
const KILOMETRE = 1000;

function number(value: number, locale: string, fractionDigits: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }).format(value);
}

/** "850 m", "1,2 km" (pt-BR), "125 km". */
export function formatLength(meters: number, locale: string): string {
  if (Math.round(meters) < KILOMETRE) return `${number(Math.round(meters), locale, 0)} m`;
  const km = meters / KILOMETRE;
  return `${number(km, locale, km < 100 ? 1 : 0)} km`;
}

/** "950 m²", "1,5 ha" (pt-BR), "12 km²". */
export function formatArea(squareMeters: number, locale: string): string {
  if (Math.round(squareMeters) < HECTARE) return `${number(Math.round(squareMeters), locale, 0)} m²`;
  if (squareMeters < 10 * SQUARE_KILOMETRE) {
    const ha = squareMeters / HECTARE;
    return `${number(ha, locale, ha < 100 ? 1 : 0)} ha`;
  }
  const km2 = squareMeters / SQUARE_KILOMETRE;
  return `${number(km2, locale, km2 < 100 ? 1 : 0)} km²`;
}
