/**
 * Placeholder logos for a new tenant: the brand's initials on its colour, so a scaffolded
 * tenant builds and looks like itself until the designer's files replace these.
 */

/** The first letter of the first two words (or camel-case humps): "Demo Brand" → "DB". */
export function initials(name: string): string {
  const words = name
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0] ?? "");
  return letters.join("").toUpperCase() || "?";
}

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Relative luminance (WCAG 2) of "#rrggbb". */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const INK = "#1a1f2b";

/** White or the body-text ink, whichever contrasts more with the brand colour. */
export function onColor(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (luminance(INK) + 0.05) ? "#ffffff" : INK;
}

/**
 * A stable, fairly dark colour from the tenant id, so two new tenants rarely look alike:
 * HSL(the id's hue, 65 %, `l`), 35 % unless a darker one is asked for.
 */
export function colorFromId(id: string, l = 0.35): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  const s = 0.65;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function mark(text: string, color: string, ink: string): string {
  const size = text.length > 1 ? 15 : 20;
  return (
    `<circle cx="20" cy="20" r="18" fill="${color}"/>` +
    `<text x="20" y="20" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="${ink}">${xml(text)}</text>`
  );
}

/** logo.svg (mark and name), logo-small.svg (mark) and favicon.svg for a brand. */
export function brandSvgs(name: string, color: string): Record<string, string> {
  const text = initials(name);
  const ink = onColor(color);
  const label = xml(name);
  // Arial's average advance is about 0.6 em; the width only needs to be roughly right.
  const width = 48 + Math.ceil([...name].length * 12);
  return {
    "logo.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 40" width="${width}" height="40" role="img" aria-label="${label}"><title>${label}</title>${mark(text, color, ink)}<text x="46" y="27" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="${color}">${label}</text></svg>\n`,
    "logo-small.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40" role="img" aria-label="${label}"><title>${label}</title>${mark(text, color, ink)}</svg>\n`,
    "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${mark(text, color, ink)}</svg>\n`,
  };
}
