/** Theme banner images and event covers: a gradient with a title. */
import { escapeXml } from "./escape.ts";

export function bannerSvg(title: string, subtitle: string, hue: number, w = 1600, h = 500): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 70% 30%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#b)"/>` +
    `<circle cx="${w * 0.82}" cy="${h * 0.3}" r="${h * 0.5}" fill="#fff" opacity=".08"/>` +
    `<text x="${w * 0.06}" y="${h * 0.5}" font-family="sans-serif" font-weight="800" font-size="${h * 0.14}" fill="#fff">${escapeXml(title)}</text>` +
    `<text x="${w * 0.06}" y="${h * 0.66}" font-family="sans-serif" font-size="${h * 0.07}" fill="#fff" opacity=".85">${escapeXml(subtitle)}</text>` +
    "</svg>"
  );
}
