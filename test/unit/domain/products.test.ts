/**
 * Product names (spec §3 product types photos_with_me, photo, frame,
 * promocode, photosWithFrame): the shop names each type in ru, en and es from its catalogs;
 * the backend's title only for a type it does not know; repeated names are told apart.
 */
import { type MessageDescriptor, type Messages, setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as en } from "../../../storefront/locales/en.po";
import { messages as es } from "../../../storefront/locales/es.po";
import { messages as ru } from "../../../storefront/locales/ru.po";
import { productRef } from "../../../storefront/src/api/contracts/common.ts";
import {
  distinguishLines,
  offerLabel,
  productLabel,
  productName,
} from "../../../storefront/src/domain/products.ts";

function translator(locale: string, messages: Messages) {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (d: MessageDescriptor) => i18n._(d);
}

const product = (productType: string, title = "Backend title") => ({ productType, title });

describe("product names per type", () => {
  it.each([
    ["photo", "Digital photo", "Цифровое фото", "Foto digital"],
    ["frame", "Photo in a frame", "Фото в рамке", "Foto con marco"],
    ["photos_with_me", "All my photos", "Все мои фото", "Todas mis fotos"],
    [
      "photosWithFrame",
      "All my photos in frames",
      "Все мои фото в рамках",
      "Todas mis fotos con marco",
    ],
    ["promocode", "Gift promo code", "Подарочный промокод", "Código promocional de regalo"],
  ])("%s is %s / %s / %s", (type, inEn, inRu, inEs) => {
    expect(productLabel(product(type), translator("en", en))).toBe(inEn);
    expect(productLabel(product(type), translator("ru", ru))).toBe(inRu);
    expect(productLabel(product(type), translator("es", es))).toBe(inEs);
  });

  it("never shows the backend's English title for a known type", () => {
    const label = productLabel(product("photo", "Digital photo"), translator("ru", ru));
    expect(label).not.toMatch(/[A-Za-z]/);
  });

  it("keeps the backend's title for a type the shop does not know", () => {
    expect(productName("calendar")).toBeNull();
    expect(productName("toString")).toBeNull();
    expect(productLabel(product("calendar", "Wall calendar"), translator("ru", ru))).toBe(
      "Wall calendar",
    );
  });

  it("a reply with a type the shop does not know still passes the contract", () => {
    const ref = { productId: "c1-cal", title: "Wall calendar", productType: "calendar" };
    const check = (value: unknown) => productRef["~standard"].validate(value).issues;
    expect(check(ref)).toBeUndefined();
    expect(check({ ...ref, productType: "" })).toBeDefined();
  });

  it("names an offer with its distance", () => {
    const p = { ...product("photos_with_me", "Marathon finisher package"), distance: "42K" };
    expect(offerLabel(p, translator("ru", ru))).toBe("Все мои фото, 42K");
    expect(offerLabel({ ...p, distance: null }, translator("en", en))).toBe("All my photos");
  });
});

describe("telling lines of one name apart", () => {
  it("leaves unique names alone", () => {
    expect(
      distinguishLines([
        { name: "All my photos", photoId: null },
        { name: "Digital photo", photoId: "a1003-5" },
      ]),
    ).toEqual([null, null]);
  });

  it("gives repeated photo lines their photo, others their position", () => {
    expect(
      distinguishLines([
        { name: "Digital photo", photoId: "a1003-5" },
        { name: "Gift promo code", photoId: null },
        { name: "Digital photo", photoId: "a1003-9" },
        { name: "Gift promo code", photoId: null },
      ]),
    ).toEqual([
      { kind: "photo", photoId: "a1003-5" },
      { kind: "nth", n: 1 },
      { kind: "photo", photoId: "a1003-9" },
      { kind: "nth", n: 2 },
    ]);
  });
});
