/**
 * The privacy policy of a tenant, one PDF per language it offers (/policy.ru.pdf,
 * /policy.en.pdf…; /policy.pdf is the default language's). The words come from the storefront's
 * catalogs (storefront/src/domain/privacy-policy.ts and privacy.ts), filled with the tenant's
 * name, e-mails, support hours and time zone; the selfie retention statement is the one the
 * face-search consent shows. The public offer (offer-pdf.ts) is set on paper by the same code
 * (renderTextPdf, languageFiles).
 *
 * Written with pdf-lib, with a subset of DejaVu Sans embedded (package dejavu-fonts-ttf, the
 * Bitstream Vera licence: free to embed and redistribute), so Latin, Cyrillic, Greek and the
 * typographic marks (’ – € №) all render and extract as text. No dates and no random names
 * (pdf-lib names font subsets from a seeded generator): the same tenant gives the same bytes.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import {
  DEFAULT_SELFIE_RETENTION,
  privacyEmail,
  tenantSelfieRetention,
} from "../../storefront/src/domain/privacy.ts";
import { POLICY } from "../../storefront/src/domain/privacy-policy.ts";
import type { Language, RuntimeSettings } from "../../storefront/src/settings-types.ts";
import { catalog, type Translate } from "./catalogs.ts";
import { documentFile } from "./documents.ts";

/** What the policy says of the tenant: the parts of its settings it names. */
export type PolicyInput = Pick<RuntimeSettings, "tenantName" | "support" | "privacy">;

export type PolicyText = { title: string; sections: { heading?: string; text: string }[] };

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;
const TITLE_SIZE = 18;
const HEADING_SIZE = 12;
const BODY_SIZE = 11;
const LEADING = 1.4;

/** Control characters (a tab or line break in a YAML string) read as a space on paper. */
export const printable = (text: string) => text.replace(/\p{Cc}+/gu, " ");

/** The retention statement a participant reads before a face search, in `language`. */
export async function selfieRetentionText(input: PolicyInput, language: Language) {
  return (
    tenantSelfieRetention(input, language) ?? (await catalog(language))(DEFAULT_SELFIE_RETENTION)
  );
}

/** Whom to write to and when, in `language`: the policy's and the offer's contact line. */
export function supportText(
  t: Translate,
  input: Pick<RuntimeSettings, "support">,
  language: Language,
): string {
  const { email: supportEmail, hours } = input.support;
  const timeZone = hours.timeZone ? (hours.timeZone[language] ?? hours.timeZone.ru) : undefined;
  return printable(
    timeZone
      ? t(POLICY.contactHours, { supportEmail, from: hours.from, to: hours.to, timeZone })
      : t(POLICY.contactHoursNoZone, { supportEmail, from: hours.from, to: hours.to }),
  );
}

/** The policy in `language`: a title, then sections of a heading and a paragraph. */
export async function policyText(input: PolicyInput, language: Language): Promise<PolicyText> {
  const t = await catalog(language);
  const tenantName = printable(input.tenantName);
  const retention = printable(await selfieRetentionText(input, language));
  return {
    title: t(POLICY.title, { tenantName }),
    sections: [
      { text: t(POLICY.intro, { tenantName }) },
      { heading: t(POLICY.collectHeading), text: t(POLICY.collect) },
      { heading: t(POLICY.whyHeading), text: t(POLICY.why) },
      { heading: t(POLICY.faceHeading), text: `${t(POLICY.face, { tenantName })} ${retention}` },
      { heading: t(POLICY.storageHeading), text: t(POLICY.storage) },
      {
        heading: t(POLICY.rightsHeading),
        text: t(POLICY.rights, { privacyEmail: privacyEmail(input) }),
      },
      { heading: t(POLICY.contactHeading), text: supportText(t, input, language) },
    ],
  };
}

/** A character's advance width at the size the text is set in. */
export type Advance = (char: string) => number;

/**
 * The advance of each character of `font` at `size`, measured once per character. One glyph per
 * character and no kerning (plainFontkit): a line's width is the sum of its characters'.
 */
export function advancesOf(font: PDFFont, size: number): Advance {
  const advances = new Map<string, number>();
  return (c) => {
    let w = advances.get(c);
    if (w === undefined) {
      w = font.widthOfTextAtSize(c, size);
      advances.set(c, w);
    }
    return w;
  };
}

/**
 * Breaks `text` into lines no wider than `width`; a word wider than a line is cut, keeping as
 * much of it on each line as fits (at least one character). Each character is measured once,
 * so the work grows with the text's length: a tenant's 4,000-character word wraps as fast as
 * 4,000 characters of words.
 */
export function wrap(text: string, advance: Advance, width: number): string[] {
  const space = advance(" ");
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  // A no-break space joins what it stands between into one word.
  for (const word of text.split(/[^\S\u00a0]+/).filter(Boolean)) {
    const chars = [...word];
    const widths = chars.map(advance);
    // The word after the line's text and a space, summed in the order of the joined text.
    let joined = line ? lineWidth + space : 0;
    for (const w of widths) joined += w;
    if (joined <= width) {
      line = line ? `${line} ${word}` : word;
      lineWidth = joined;
      continue;
    }
    if (line) lines.push(line);
    // The word alone, cut where it no longer fits.
    let start = 0;
    let sum = 0;
    for (let i = 0; i < chars.length; i++) {
      const next = sum + (widths[i] as number);
      if (next > width && i > start) {
        lines.push(chars.slice(start, i).join(""));
        start = i;
        sum = widths[i] as number;
      } else {
        sum = next;
      }
    }
    line = chars.slice(start).join("");
    lineWidth = sum;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * fontkit, with text laid out one glyph per character: the policy's scripts (Latin, Cyrillic,
 * Greek) need no shaping, and pdf-lib reads only the glyphs of a layout (it writes no kerning),
 * so the result is the same while OpenType shaping, which costs milliseconds a line, is skipped.
 * (A parsed font is not shared between documents: fontkit's subsets of one font interfere.)
 */
const plainFontkit: Parameters<PDFDocument["registerFontkit"]>[0] = {
  create(data, postscriptName) {
    // fontkit copies a Uint8Array byte by byte into its own Buffer, but wraps an ArrayBuffer:
    // the font's bytes are read once (fontBytes) and never written, so each document wraps them.
    const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
    const font = fontkit.create((whole ? data.buffer : data) as Uint8Array, postscriptName);
    font.layout = (text: string) =>
      ({
        glyphs: [...text].map((c) => font.glyphForCodePoint(c.codePointAt(0) ?? 0x20)),
      }) as ReturnType<typeof font.layout>;
    return font;
  },
};

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function fontBytes() {
  if (!fonts) {
    const dir = join(
      dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
      "ttf",
    );
    fonts = Promise.all([
      readFile(join(dir, "DejaVuSans.ttf")),
      readFile(join(dir, "DejaVuSans-Bold.ttf")),
    ]).then(([regular, bold]) => ({
      // Each in an ArrayBuffer of its own (a file read may share a pooled one), see plainFontkit.
      regular: new Uint8Array(regular),
      bold: new Uint8Array(bold),
    }));
  }
  return fonts;
}

/** The policy PDF in `language`. */
export async function renderPolicyPdf(input: PolicyInput, language: Language): Promise<Uint8Array> {
  return renderTextPdf(await policyText(input, language), language);
}

/** A document of a title and sections, on A4 pages, as a PDF in `language`. */
export async function renderTextPdf(text: PolicyText, language: Language): Promise<Uint8Array> {
  // No creation or modification date, no producer's version: only the tenant's data varies.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(plainFontkit);
  const bytes = await fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(text.title, { showInWindowTitleBar: true });
  doc.setLanguage(language);
  doc.setProducer("storefront");
  doc.setCreator("storefront");

  const width = PAGE.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const write = (content: string, font: PDFFont, size: number, gapBefore: number) => {
    y -= gapBefore;
    // A figure and its percent sign ("5 %") stay on one line.
    for (const line of wrap(
      content.replace(/(\d) %/g, "$1\u00a0%"),
      advancesOf(font, size),
      width,
    )) {
      if (y - size * LEADING < MARGIN) newPage();
      y -= size * LEADING;
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.12, 0.17) });
    }
  };
  write(text.title, bold, TITLE_SIZE, 0);
  for (const section of text.sections) {
    if (section.heading) {
      // A heading never ends a page: it goes over with its paragraph's first line.
      if (y - 12 - HEADING_SIZE * LEADING - 2 - BODY_SIZE * LEADING < MARGIN) newPage();
      write(section.heading, bold, HEADING_SIZE, 12);
    }
    write(section.text, regular, BODY_SIZE, section.heading ? 2 : 12);
  }
  return doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
}

export type Languages = { available: readonly Language[]; default: Language };

/** A document's files: `<stem>.<language>.pdf` per language, `<stem>.pdf` in the default one. */
export async function languageFiles(
  stem: string,
  languages: Languages,
  render: (language: Language) => Promise<Uint8Array>,
): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const language of languages.available) {
    const pdf = await render(language);
    files.set(documentFile(stem, language), pdf);
    if (language === languages.default) files.set(documentFile(stem), pdf);
  }
  return files;
}

/** Every policy file of a tenant: one per language, and /policy.pdf in the default one. */
export function policyFiles(
  input: PolicyInput,
  languages: Languages,
): Promise<Map<string, Uint8Array>> {
  return languageFiles("policy", languages, (language) => renderPolicyPdf(input, language));
}
