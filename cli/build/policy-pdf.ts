/**
 * The privacy policy (/policy.pdf) of a tenant: a one-page PDF 1.4 written by hand with the
 * standard Helvetica font, so no library and no dates: the same tenant gives the same bytes.
 * Text must be Latin-1 (WinAnsi); other characters become "?".
 */

export interface PolicyInput {
  tenantName: string;
  supportEmail: string;
}

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const MAX_CHARS = 86; // Helvetica 11 pt fits about this many average characters per line

/** The policy text: a title, then paragraphs. */
export function policyText({ tenantName, supportEmail }: PolicyInput): {
  title: string;
  paragraphs: string[];
} {
  return {
    title: `${tenantName} privacy policy`,
    paragraphs: [
      `This policy explains how ${tenantName} handles personal data when you search for, buy and download photos of sports events.`,
      "What we collect: the e-mail address you give at checkout, the orders you place, the bib number or surname you search for and, if you use face search, the selfie you upload. If you sign in, we also receive your e-mail address from the identity provider.",
      "Why: to find your photos, take payment through our payment partners, send the download links and receipts to your e-mail, and answer your questions. We do not sell personal data.",
      "Selfies are used only to find your photos at the chosen event and are not used for anything else.",
      "Storage: on your device we keep your cart, your recent searches and your language choice. Card details are handled by the payment provider and never reach us.",
      "Your rights: you may ask for a copy of your data, its correction or its deletion.",
      `Contact: ${supportEmail}. Support hours: Monday to Friday, 08:00 to 18:00 Moscow time.`,
    ],
  };
}

/** Wraps a paragraph into lines of at most `max` characters, breaking at spaces. */
export function wrap(text: string, max = MAX_CHARS): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF literal string: Latin-1 only, with \, ( and ) escaped. */
function pdfString(text: string): string {
  const latin1 = [...text]
    .map((c) => (c.charCodeAt(0) <= 0xff && c.charCodeAt(0) >= 0x20 ? c : "?"))
    .join("");
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function contentStream(input: PolicyInput): string {
  const { title, paragraphs } = policyText(input);
  const ops: string[] = [
    "BT",
    `/F2 18 Tf`,
    `${MARGIN} ${PAGE_HEIGHT - MARGIN - 18} Td`,
    `${pdfString(title)} Tj`,
  ];
  ops.push("/F1 11 Tf", "15 TL", "0 -30 Td");
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph)) ops.push(`${pdfString(line)} Tj`, "T*");
    ops.push("T*");
  }
  ops.push("ET");
  return `${ops.join("\n")}\n`;
}

/** The whole file, with byte offsets of every object in the xref table. */
export function renderPolicyPdf(input: PolicyInput): Uint8Array {
  const content = contentStream(input);
  const contentBytes = Buffer.from(content, "latin1");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${contentBytes.length} >>\nstream\n${content}endstream`,
    `<< /Title ${pdfString(policyText(input).title)} /Producer (storefront) >>`,
  ];
  // The binary comment line marks the file as binary for transfer tools (PDF 1.4 §3.4.1).
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
