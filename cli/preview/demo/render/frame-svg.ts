/** A frame preview: the photo composed inside a coloured border with the frame's title. */
import { escapeXml } from "./escape.ts";
import { type PhotoPicture, photoContent } from "./photo-svg.ts";

export interface FrameStyle {
  title: string;
  color: string;
}

export function framedPhotoSvg(photo: PhotoPicture, frame: FrameStyle): string {
  const border = Math.round(Math.min(photo.width, photo.height) * 0.06);
  const band = border * 2;
  const w = photo.width + border * 2;
  const h = photo.height + border + band;
  const font = Math.round(band * 0.42);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="${frame.color}"/>` +
    `<rect x="${border / 2}" y="${border / 2}" width="${w - border}" height="${h - border}" fill="none" stroke="#fff" stroke-width="${Math.max(2, border / 8)}" opacity=".7"/>` +
    `<svg x="${border}" y="${border}" width="${photo.width}" height="${photo.height}" viewBox="0 0 ${photo.width} ${photo.height}">${photoContent(photo, true)}</svg>` +
    `<text x="${w / 2}" y="${photo.height + border + band * 0.62}" font-family="sans-serif" font-weight="700" font-size="${font}" fill="#fff" text-anchor="middle">${escapeXml(`${frame.title} · ${photo.eventName}`)}</text>` +
    "</svg>"
  );
}
