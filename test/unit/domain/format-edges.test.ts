/**
 * Which files face search takes (spec §5: a photo of at most 8 MB, recognised by its first
 * bytes), which addresses the shop follows, and the remaining edges of the pure rules.
 */
import { describe, expect, it } from "vitest";
import { isTransientFailure } from "../../../storefront/src/domain/errors.ts";
import { nextPreview } from "../../../storefront/src/domain/frame-preview.ts";
import { formatMoney } from "../../../storefront/src/domain/money.ts";
import { eventIdOfPath } from "../../../storefront/src/domain/pages.ts";
import { parsePendingOrders } from "../../../storefront/src/domain/pending-orders.ts";
import { onePhoto } from "../../../storefront/src/domain/purchase.ts";
import { selfieFormat } from "../../../storefront/src/domain/selfie.ts";
import { destinationHost } from "../../../storefront/src/domain/tenant-text.ts";
import { isWebAddress } from "../../../storefront/src/domain/url.ts";
import { buildXlsx } from "../../../storefront/src/domain/xlsx.ts";

const bytes = (text: string, pad = 16) => {
  const out = new Uint8Array(Math.max(pad, text.length));
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
};
/** An ISO BMFF file's first box: size, "ftyp", the major brand. */
const ftyp = (brand: string) => bytes(`\0\0\0\x18ftyp${brand}\0\0\0\0`);

describe("selfie formats by their first bytes", () => {
  it("every HEIF brand of phone photos is HEIC, avif and avis are AVIF", () => {
    for (const brand of ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]) {
      expect([brand, selfieFormat(ftyp(brand))]).toEqual([brand, "heic"]);
    }
    expect([selfieFormat(ftyp("avif")), selfieFormat(ftyp("avis"))]).toEqual(["avif", "avif"]);
    expect(selfieFormat(ftyp("isom"))).toBeNull(); // an MP4 video
    expect(selfieFormat(bytes("\0\0\0\x18moovheic"))).toBeNull();
  });
  it("GIF87a and GIF89a, not another GIF-like text", () => {
    expect(selfieFormat(bytes("GIF87a"))).toBe("gif");
    expect(selfieFormat(bytes("GIF89a"))).toBe("gif");
    expect(selfieFormat(bytes("GIF90a"))).toBeNull();
  });
  it("WebP needs both RIFF and WEBP; a WAV file is RIFF too", () => {
    expect(selfieFormat(bytes("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(selfieFormat(bytes("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(selfieFormat(bytes("RIFX\0\0\0\0WEBPVP8 "))).toBeNull();
  });
  it("BMP needs its 14-byte header", () => {
    expect(selfieFormat(bytes("BM", 14))).toBe("bmp");
    expect(selfieFormat(bytes("BM", 13))).toBeNull();
    expect(selfieFormat(bytes("BA", 16))).toBeNull();
  });
  it("a file shorter than a signature is not that format", () => {
    expect(selfieFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(selfieFormat(new Uint8Array([0xff, 0xd8, 0xff]))).toBe("jpeg");
    expect(selfieFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});

describe("addresses the shop may leave for (a bank's pay page)", () => {
  it("http(s) and relative addresses; not mailto:, javascript: or nothing", () => {
    expect(isWebAddress("https://bank.example/pay")).toBe(true);
    expect(isWebAddress("/order/1")).toBe(true);
    expect(isWebAddress("mailto:support@example.com")).toBe(false);
    expect(isWebAddress("javascript:alert(1)")).toBe(false);
    expect(isWebAddress("")).toBe(false);
    expect(isWebAddress(null)).toBe(false);
    expect(isWebAddress("http://[::1")).toBe(false);
  });
});

describe("other edges", () => {
  it("a 5xx from 500 on is transient, 499 is not", () => {
    expect([isTransientFailure(500), isTransientFailure(499)]).toEqual([true, false]);
  });
  it("a 200 whose image is missing shows no image", () => {
    expect(nextPreview(200, null).image).toBeNull();
    expect(nextPreview(undefined, "blob:x")).toEqual({
      image: null,
      tokenExpired: false,
      status: 0,
    });
  });
  it("an event page needs an id", () => {
    expect(eventIdOfPath("/event//photos")).toBeNull();
    expect(eventIdOfPath("/event/%E0%A4%A")).toBeNull();
    expect(eventIdOfPath("/event/a%20b")).toBe("a b");
  });
  it("stored pending orders: an empty or non-list value is an empty list", () => {
    expect(parsePendingOrders("")).toEqual([]);
    expect(parsePendingOrders("0")).toEqual([]);
    expect(parsePendingOrders('{"length":1,"0":"o1"}')).toEqual([]);
    expect(parsePendingOrders("null")).toEqual([]);
  });
  it("a one-photo item without photos has no photo", () => {
    expect(onePhoto({ productType: "photo" }, [])).toBeNull();
  });
  it("only a leading www. is dropped from a host", () => {
    expect(destinationHost("https://shop.www.example/")).toBe("shop.www.example");
  });
});

describe("money and the Excel file", () => {
  it("an unknown currency shows at most two decimals", () => {
    expect(formatMoney(2.5678, 999, "en")).toBe("2.57");
  });
  it("the workbook's files are dated 1 January 2025 (a fixed date, not the clock)", () => {
    const zip = buildXlsx([["Photo"]]);
    // The first local file header: signature PK\x03\x04, then the DOS date at bytes 12–13.
    expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const dosDate = (zip[12] ?? 0) | ((zip[13] ?? 0) << 8);
    expect([(dosDate >> 9) + 1980, (dosDate >> 5) & 15, dosDate & 31]).toEqual([2025, 1, 1]);
  });
});
