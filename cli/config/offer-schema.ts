/**
 * The tenant's public offer: the contract of sale a buyer accepts at checkout (spec §2, "offer
 * agreement"). Either the operator's own offer, one https address per language the tenant
 * offers (`offer.url`), or by default the shop's generated offer (/offer.<language>.pdf, written
 * by cli/build/offer-pdf.ts), which names the seller as `offer.seller` says, else by the brand
 * name. The address becomes a link in the checkout and the seller's text goes onto paper, so
 * both are held to what a person writes: no script address, no control characters, bounded.
 */
import { z } from "zod";

export const OFFER_URL_MAX = 500;
export const OFFER_SELLER_MAX = 300;

/** Control characters (a tab, a line break), line separators and bidirectional overrides. */
const INVISIBLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const invisible = (value: string) => {
  const c = INVISIBLE.exec(value)?.[0];
  return c === undefined
    ? null
    : `a control character (U+${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0").toUpperCase()}) is not allowed: write the value on one line, as plain text`;
};

/** Why `value` is not a plain https address a link may lead to, or null. */
export function offerUrlProblem(value: string): string | null {
  const control = invisible(value);
  if (control) return control;
  if (/\s/.test(value)) return "expected an https address without spaces";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "expected an https address such as https://shop.example/offer.pdf";
  }
  // The parser lower-cases the scheme, so JavaScript: and HTTP: are caught here too.
  if (url.protocol !== "https:") {
    return `expected an https address such as https://shop.example/offer.pdf, not ${url.protocol}`;
  }
  if (url.username || url.password) {
    return "expected an https address without a user name or password";
  }
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(url.hostname)) {
    return "expected an https address on a named host, such as https://shop.example/offer.pdf";
  }
  return null;
}

const refine =
  (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
    if (message) ctx.addIssue({ code: "custom", message, input: value });
  };

const offerUrl = z
  .string()
  .min(1)
  .max(OFFER_URL_MAX)
  .superRefine(refine(offerUrlProblem))
  .meta({ format: "uri", pattern: "^https://" });

const sellerText = z.string().trim().min(2).max(OFFER_SELLER_MAX).superRefine(refine(invisible));

const perLanguage = <T extends z.ZodType>(value: T) =>
  z.strictObject({ ru: value.optional(), en: value.optional(), es: value.optional() });

export const offerSchema = z
  .strictObject({
    url: perLanguage(offerUrl)
      .optional()
      .describe(
        `The operator's own offer, one https address per language the tenant offers (each of languages.available), at most ${OFFER_URL_MAX} characters: the checkout's offer agreement links to it, and no offer document is generated. Omit for the generated offer, /offer.<language>.pdf.`,
      ),
    seller: perLanguage(sellerText)
      .optional()
      .describe(
        `Who sells, as the generated offer names it, one text per language the tenant offers, at most ${OFFER_SELLER_MAX} characters on one line: legal name, registration numbers, address (e.g. "MySport LLC, reg. no. 1234567890, 1 Begovaya St, Moscow"). Omit to name the brand (tenantName); not used with url.`,
      ),
  })
  .describe(
    "The public offer (the contract of sale accepted at checkout): the operator's own (url) or the generated /offer.<language>.pdf, with the tenant's name, currency, support contacts and seller.",
  );

export type OfferSettings = z.infer<typeof offerSchema>;

type Issue = { path: (string | number)[]; message: string; input: unknown };

/** Each visitor reads the offer in their own language; the own offer's seller is its own. */
export function offerIssues(
  offer: OfferSettings | undefined,
  available: readonly ("ru" | "en" | "es")[],
): Issue[] {
  const issues: Issue[] = [];
  for (const field of ["url", "seller"] as const) {
    const given = offer?.[field];
    if (!given) continue;
    for (const language of available.filter((l) => !given[l])) {
      issues.push({
        path: ["offer", field],
        message: `offer.${field} needs a value for every language in languages.available; add ${language}`,
        input: given,
      });
    }
  }
  if (offer?.url && offer.seller) {
    issues.push({
      path: ["offer", "seller"],
      message:
        "offer.seller is written into the generated offer only, and with offer.url none is generated: remove one of them",
      input: offer.seller,
    });
  }
  return issues;
}
