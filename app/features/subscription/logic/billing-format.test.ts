import { describe, expect, it } from "vitest";
import { formatStorage } from "../../../lib/format-storage.ts";
import { formatMoney } from "../../../lib/format-money.ts";
import { cardBrand, gigabytesToBytes } from "./billing-format.ts";

// Intl separates the symbol with a no-break space; the assertions read plain spaces.
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("billing formats", () => {
  it("writes whole reais without cents and other amounts with two decimals, in the reader's separators", () => {
    expect(plain(formatMoney(9900, "pt-BR"))).toBe("R$ 99");
    expect(plain(formatMoney(108900, "pt-BR"))).toBe("R$ 1.089");
    expect(plain(formatMoney(9990, "pt-BR"))).toBe("R$ 99,90");
    expect(plain(formatMoney(108900, "en"))).toBe("R$1,089");
    expect(plain(formatMoney(9990, "es"))).toMatch(/^99,90 R\$$/);
  });

  it("reads storage in GB from one gigabyte, in MB below", () => {
    expect(plain(formatStorage(gigabytesToBytes(1), "pt-BR"))).toBe("1 GB");
    expect(plain(formatStorage(gigabytesToBytes(1.25), "pt-BR"))).toBe("1,3 GB");
    expect(plain(formatStorage(350 * 1024 ** 2, "en"))).toBe("350 MB");
  });

  it("names card brands as people write them", () => {
    expect(cardBrand("visa")).toBe("Visa");
    expect(cardBrand("amex")).toBe("American Express");
    expect(cardBrand("cabal")).toBe("Cabal");
  });
});
