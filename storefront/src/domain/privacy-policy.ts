/**
 * The privacy policy's paragraphs (/policy.<language>.pdf), as catalog descriptors whose id is
 * the English source. Only the CLI reads them (cli/build/policy-pdf.ts): they are extracted into
 * their own catalog, storefront/locales/policy/<language>.po (lingui.config.ts), so the
 * browser's catalogs, loaded on the first screen, do not carry a page of legal text.
 */
import type { Message } from "./privacy.ts";

/** The policy, paragraph by paragraph: a heading, then its text. */
export const POLICY = {
  title: /*i18n*/ { id: "{tenantName} privacy policy" },
  intro: /*i18n*/ {
    id: "This policy explains how {tenantName} handles personal data when you search for, buy and download photos of sports events.",
  },
  collectHeading: /*i18n*/ { id: "What we collect" },
  collect: /*i18n*/ {
    id: "The e-mail address you give at checkout, the orders you place, the bib number or surname you search for and, if you use face search, the selfie you take or upload. If you sign in, we also receive your e-mail address from the identity provider.",
  },
  whyHeading: /*i18n*/ { id: "Why" },
  why: /*i18n*/ {
    id: "To find your photos, take payment through our payment partners, send the download links and receipts to your e-mail, and answer your questions. We do not sell personal data.",
  },
  faceHeading: /*i18n*/ { id: "Face search" },
  face: /*i18n*/ {
    id: "A face search starts only after you agree to it. {tenantName} uses your selfie only to find your photos of the event you chose.",
  },
  storageHeading: /*i18n*/ { id: "Storage" },
  storage: /*i18n*/ {
    id: "On your device we keep your cart, your recent searches and your language choice. Card details are handled by the payment provider and never reach us.",
  },
  rightsHeading: /*i18n*/ { id: "Your rights" },
  rights: /*i18n*/ {
    id: "You may ask for a copy of your data, its correction or its deletion: write to {privacyEmail}.",
  },
  contactHeading: /*i18n*/ { id: "Contact" },
  contactHours: /*i18n*/ {
    id: "Support: {supportEmail}, Monday to Friday, {from} to {to} {timeZone}.",
  },
  contactHoursNoZone: /*i18n*/ { id: "Support: {supportEmail}, Monday to Friday, {from} to {to}." },
} satisfies Record<string, Message>;
