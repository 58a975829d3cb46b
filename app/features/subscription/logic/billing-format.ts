import { BYTES_PER_GB } from "../../../../shared/plans/plans.ts";

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
