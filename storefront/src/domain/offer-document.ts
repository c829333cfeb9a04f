/**
 * The public offer's paragraphs (/offer.<language>.pdf): the contract of sale a buyer accepts at
 * checkout, as catalog descriptors whose id is the English source. Only the CLI reads them
 * (cli/build/offer-pdf.ts): like the privacy policy's, they are extracted into the documents'
 * own catalog, storefront/locales/policy/<language>.po (lingui.config.ts), never loaded by the
 * browser. What they state comes from the spec: the products (§1, §3), card or fast payment at
 * 5 % less (§1, §9), download links on the paid order's page and by e-mail, and the hour after
 * which support should be told of a missing e-mail (§1).
 */
import type { CurrencyId } from "../settings-types.ts";
import type { Message } from "./privacy.ts";

/** The offer, paragraph by paragraph: a heading, then its text. */
export const OFFER = {
  title: /*i18n*/ { id: "{tenantName} public offer" },
  intro: /*i18n*/ {
    id: "This is the public offer of {seller} (the seller) to sell digital photos of sports events through the {tenantName} shop. By accepting the offer agreement at checkout and placing an order, you accept this offer in full, and a contract of sale on these terms is made between you and the seller.",
  },
  subjectHeading: /*i18n*/ { id: "What is sold" },
  subject: /*i18n*/ {
    id: "Digital photos of you at the event you chose, photos in a digital frame, packages of all your photos of an event (with or without frames) and gift promo codes. A promo code can be used once and takes 100 % off the all-photos package. Photos are digital files: nothing is printed or shipped.",
  },
  pricesHeading: /*i18n*/ { id: "Prices" },
  prices: /*i18n*/ {
    id: "Prices are in {currencies}, as the cart and the checkout show them. The amount shown at checkout, with the discounts and promo codes applied, is the amount you pay.",
  },
  paymentHeading: /*i18n*/ { id: "Payment" },
  payment: /*i18n*/ {
    id: "You pay by bank card or, where the checkout offers it, through the fast payment system in your bank's app, at 5 % less than the card price. The payment is taken on the payment provider's page; the order is paid once the provider confirms it.",
  },
  deliveryHeading: /*i18n*/ { id: "Delivery" },
  delivery: /*i18n*/ {
    id: "Once the payment is confirmed, the download links are on the page of the paid order and are sent to the e-mail address you gave at checkout. If the e-mail has not arrived within one hour after payment, contact support.",
  },
  refundsHeading: /*i18n*/ { id: "Refunds" },
  refunds: /*i18n*/ {
    id: "The photos are delivered as soon as the payment is confirmed, so an order whose photos have been downloaded cannot be withdrawn, except where the law gives you that right. If a photo does not show you, cannot be downloaded or is damaged, write to support: you get a working file or your money back, to the payment method you used.",
  },
  dataHeading: /*i18n*/ { id: "Personal data" },
  data: /*i18n*/ {
    id: "{tenantName} handles your personal data as its privacy policy says: {policyAddress}.",
  },
  contactHeading: /*i18n*/ { id: "Seller and contacts" },
  seller: /*i18n*/ { id: "Seller: {seller}." },
} satisfies Record<string, Message>;

/** The currencies a tenant charges in (cli/config/locale-schema.ts), as the offer names them. */
export const CURRENCY_NAMES = {
  643: /*i18n*/ { id: "Russian roubles" },
  840: /*i18n*/ { id: "US dollars" },
  978: /*i18n*/ { id: "euros" },
} satisfies Record<CurrencyId, Message>;
