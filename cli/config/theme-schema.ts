/**
 * The tenant's look: colour tokens, typography, the brand's own font, the corner radius and the
 * image files (logos, favicon, hero), each checked before the build turns them into CSS custom
 * properties and hashed assets.
 */
import { z } from "zod";

const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'a colour as "#rrggbb"' })
  .describe('A colour as "#rrggbb".');

/** A path to an asset file, relative to the tenants directory (e.g. mysport/logo.svg). */
const assetPath = z
  .string()
  .regex(/^[a-z0-9-]+\/[A-Za-z0-9._-]+\.(svg|png|ico|webp)$/, {
    message:
      "a file under the tenant's asset folder, e.g. mysport/logo.svg (svg, png, ico or webp)",
  })
  .describe("Asset file relative to the tenants directory, e.g. mysport/logo.svg.");

/** A self-hosted WOFF2 font file, relative to the tenants directory (e.g. ironstar/manrope-400.woff2). */
const fontPath = z.string().regex(/^[a-z0-9-]+\/[A-Za-z0-9._-]+\.woff2$/, {
  message: "a WOFF2 file under the tenant's asset folder, e.g. ironstar/brand-400.woff2",
});

/**
 * The brand's own typeface: self-hosted WOFF2 files (checked, copied with a content hash,
 * preloaded), shown with metric-matched fallback so the swap to it moves nothing.
 */
export const fontsSchema = z
  .strictObject({
    family: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/, {
        message: "a family name of letters, digits, spaces and hyphens (at most 40)",
      })
      .describe("Family name the files are declared under, e.g. Manrope."),
    regular: fontPath.describe("WOFF2 file of the regular weight (400), at most 100 KiB."),
    bold: fontPath
      .optional()
      .describe(
        "WOFF2 file of the bold weight (700), at most 100 KiB; without it bold is synthesized.",
      ),
    license: z
      .string()
      .regex(/^[a-z0-9-]+\/[A-Za-z0-9._-]+\.txt$/, {
        message: "a text file under the tenant's asset folder, e.g. ironstar/manrope-OFL.txt",
      })
      .optional()
      .describe(
        "The font's licence text (UTF-8, at most 64 KiB), kept with its files: `storefront new --from` copies it with them.",
      ),
  })
  .describe(
    "Brand font, placed before typography.fontFamily (which stays the fallback); omit for system fonts only.",
  );

export const themeSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, { message: "letters, digits, _ or -" })
      .describe(
        "Theme id sent to themes-service (banner images) and as the cart's Theme attribute.",
      ),
    palette: z
      .strictObject({
        primary: hexColor.describe("Main brand colour: buttons, links, the themed app bar."),
        onPrimary: hexColor.describe("Text and icons drawn on the primary colour."),
        secondary: hexColor.describe("Accent colour: badges, highlights."),
        background: hexColor.describe("Page background."),
        surface: hexColor.describe("Cards, bars and dialogs."),
        text: hexColor.describe("Body text."),
        textMuted: hexColor.describe("Secondary text."),
        error: hexColor.describe("Error text and the error snackbar."),
      })
      .describe("Colour tokens, emitted as CSS custom properties."),
    typography: z
      .strictObject({
        fontFamily: z
          .string()
          // Quotes in pairs: an unclosed one would swallow the rest of the theme stylesheet.
          .regex(/^(?=.*[A-Za-z0-9])(?:[A-Za-z0-9 ,-]|'[A-Za-z0-9 ,"-]*'|"[A-Za-z0-9 ,'-]*")+$/, {
            message:
              "a CSS font-family list (letters, digits, spaces, commas, hyphens; names quoted in pairs of ' or \")",
          })
          .describe("CSS font-family list."),
        baseSize: z.number().int().min(12).max(20).describe("Base font size in px (12–20)."),
        headingWeight: z
          .union([400, 500, 600, 700, 800, 900].map((w) => z.literal(w)))
          .describe("Font weight of headings."),
      })
      .describe("Typography tokens."),
    fonts: fontsSchema.optional(),
    radius: z.number().int().min(0).max(32).describe("Corner radius in px (0–32)."),
    logo: assetPath.describe("Logo for the app bar on tablet and desktop."),
    logoSmall: assetPath.describe("Compact logo for phones."),
    favicon: assetPath.describe("Favicon (svg or png)."),
    hero: assetPath
      .optional()
      .describe(
        "Hero image at the top of home, under its heading and search (svg, webp or png; dark, the text over it is white). The first screen's largest element, so it is in the prerendered page and preloaded; without it the API's banner or first event cover becomes the largest element and waits for the API.",
      ),
  })
  .describe("Visual theme of the tenant.");
