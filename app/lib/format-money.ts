/** Whole amounts read "R$ 99", others "R$ 99,90" (the spec's prices are whole reais); "R$" in every language, not "BRL". */
export function formatMoney(cents: number, language: string, currency = "BRL"): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(language, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
}
