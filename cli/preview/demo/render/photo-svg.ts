/**
 * Demo photos as SVG: a sky, a road, runners wearing the bib numbers of the
 * participants on the photo, the event name and the photo number. Deterministic and
 * a few hundred bytes each, so 10,000 of them cost nothing until they are viewed.
 */
import { escapeXml } from "./escape.ts";

export interface PhotoPicture {
  eventName: string;
  n: number;
  width: number;
  height: number;
  hue: number;
  /** Bib numbers of the runners on the photo (an unknown runner when empty). */
  bibs: readonly string[];
  photographer: string | null;
}

/** The picture's elements in a 0 0 width height coordinate system; ids are prefixed. */
export function photoContent(p: PhotoPicture, detail: boolean): string {
  const { width: w, height: h, n } = p;
  const id = `p${n}`;
  const sky = `hsl(${(p.hue + ((n * 7) % 40)) % 360} 65% 72%)`;
  const ground = `hsl(${(p.hue + 180) % 360} 18% 34%)`;
  const horizon = Math.round(h * (0.58 + ((n % 5) - 2) * 0.02));
  const runners = (p.bibs.length ? p.bibs.slice(0, 3) : [""]).map((bib, i, all) =>
    runner(bib, w * ((i + 1) / (all.length + 1)) + ((n * 13) % 40) - 20, h, i + n),
  );
  const font = Math.round(Math.min(w, h) * 0.05);
  const text = detail
    ? `<text x="${font}" y="${font * 1.6}" font-family="sans-serif" font-size="${font}" fill="#fff">${escapeXml(p.eventName)}</text>` +
      `<text x="${w - font}" y="${font * 1.6}" font-family="sans-serif" font-size="${font}" fill="#fff" text-anchor="end">#${n}</text>` +
      (p.photographer
        ? `<text x="${font}" y="${h - font * 0.8}" font-family="sans-serif" font-size="${Math.round(font * 0.6)}" fill="#fff" opacity=".8">© ${escapeXml(p.photographer)}</text>`
        : "")
    : "";
  return (
    `<defs><linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}s)"/>` +
    `<path d="M0 ${horizon} L${w} ${horizon - h * 0.06} L${w} ${h} L0 ${h} Z" fill="${ground}"/>` +
    runners.join("") +
    text
  );
}

function runner(bib: string, x: number, h: number, variant: number): string {
  const s = h / 800;
  const shirt = `hsl(${(variant * 67) % 360} 70% 45%)`;
  const y = h * 0.38;
  const r = (v: number) => Math.round(v * s);
  const X = Math.round(x);
  const Y = Math.round(y);
  return (
    `<g stroke="#222" stroke-width="${r(14)}" stroke-linecap="round">` +
    `<line x1="${X}" y1="${Y + r(200)}" x2="${X - r(50)}" y2="${Y + r(360)}"/>` +
    `<line x1="${X}" y1="${Y + r(200)}" x2="${X + r(60)}" y2="${Y + r(350)}"/>` +
    `<line x1="${X - r(45)}" y1="${Y + r(60)}" x2="${X - r(90)}" y2="${Y + r(150)}"/>` +
    `<line x1="${X + r(45)}" y1="${Y + r(60)}" x2="${X + r(95)}" y2="${Y + r(130)}"/></g>` +
    `<circle cx="${X}" cy="${Y - r(40)}" r="${r(42)}" fill="#e0ac69"/>` +
    `<rect x="${X - r(50)}" y="${Y}" width="${r(100)}" height="${r(210)}" rx="${r(20)}" fill="${shirt}"/>` +
    (bib
      ? `<rect x="${X - r(40)}" y="${Y + r(60)}" width="${r(80)}" height="${r(60)}" fill="#fff"/>` +
        `<text x="${X}" y="${Y + r(104)}" font-family="sans-serif" font-weight="700" font-size="${r(36)}" text-anchor="middle" fill="#111">${escapeXml(bib)}</text>`
      : "")
  );
}

/** A standalone SVG document of the photo, scaled to `scale` of its size. */
export function photoSvg(p: PhotoPicture, scale = 1, detail = true): string {
  const w = Math.round(p.width * scale);
  const h = Math.round(p.height * scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${p.width} ${p.height}">${photoContent(p, detail)}</svg>`;
}
