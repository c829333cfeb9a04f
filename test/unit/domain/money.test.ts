import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../storefront/src/domain/money.ts";

const NBSP = "\u00a0";

describe("currency display", () => {
  it("643 in ru: whole amount without decimals and the Р suffix", () => {
    expect(formatMoney(1500, 643, "ru").replace(/\s/g, " ")).toBe("1 500 Р");
    expect(formatMoney(350, 643, "ru")).toBe(`350${NBSP}Р`);
  });
  it("643 in ru with kopecks keeps two decimals", () => {
    expect(formatMoney(99.5, 643, "ru").replace(/\s/g, " ")).toBe("99,50 Р");
  });
  it("840 shows dollars, whole amounts without decimals", () => {
    expect(formatMoney(15, 840, "en")).toBe("$15");
    expect(formatMoney(1250, 840, "en")).toBe("$1,250");
    expect(formatMoney(9.99, 840, "en")).toBe("$9.99");
  });
  it("roubles in English and Spanish use the rouble sign", () => {
    expect(formatMoney(1500, 643, "en")).toBe("₽1,500");
    expect(formatMoney(1500, 643, "es").replace(/\s/g, " ")).toBe("1500 ₽");
  });
  it("0 is shown as a whole amount", () => {
    expect(formatMoney(0, 643, "ru")).toBe(`0${NBSP}Р`);
  });
});
