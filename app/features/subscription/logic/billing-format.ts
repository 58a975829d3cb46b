import { BYTES_PER_GB } from "../../../../shared/plans/plans.ts";

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

export function gigabytesToBytes(gigabytes: number): number {
  return gigabytes * BYTES_PER_GB;
}

const CARD_BRANDS: Record<string, string> = {
  amex: "American Express",
  diners: "Diners Club",
  mastercard: "Mastercard",
  visa: "Visa",
  elo: "Elo",
  hipercard: "Hipercard",
};

/** The provider's card brand code ("visa") as people write it ("Visa"). */
export function cardBrand(code: string): string {
  return CARD_BRANDS[code.toLowerCase()] ?? code.charAt(0).toUpperCase() + code.slice(1);
}
