import type { Language, RuntimeSettings } from "../settings-types.ts";

export interface FooterParts {
  socialIcons: boolean;
  copyright: boolean;
  supportLink: boolean;
}

/**
 * Footer rules of spec §2 as data: social icons and copyright each in their languages, the
 * support link always or "otherwise" (when no copyright shows). No footer when the tenant has
 * none (US variant) or while the app is loading.
 */
export function footerParts(
  footer: RuntimeSettings["footer"],
  language: Language,
  loading: boolean,
): FooterParts | null {
  if (!footer || loading) return null;
  const copyright = !!footer.copyright?.languages.includes(language);
  const socialIcons = !!footer.socialIcons?.languages.includes(language);
  const supportLink =
    footer.supportLink === "always" || (footer.supportLink === "otherwise" && !copyright);
  return { socialIcons, copyright, supportLink };
}
