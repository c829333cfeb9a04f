/**
 * The images a brand needs beyond its logos, drawn at build time from them (raster-draw.ts):
 * the web app manifest's icons (192 and 512 px, and a maskable 512 px one), the 180 px
 * apple-touch-icon iOS puts on the home screen, and the 1200×630 card a link to the shop shows
 * when it is shared. All opaque, on the colour the logo is designed to stand on.
 */
import { createHash } from "node:crypto";
import type { TenantConfig } from "../config/schema.ts";
import { drawInWorker } from "./raster.ts";
import { type Box, type DrawJob, pngSize } from "./raster-draw.ts";

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: "image/png";
  purpose: "any" | "maskable";
}

export interface BrandImages {
  /** The PNG files by their bundle name ("assets/icon-192-….png"). */
  files: Map<string, Uint8Array>;
  icons: ManifestIcon[];
  /** The 180×180 apple-touch-icon's bundle name. */
  appleTouchIcon: string;
  /** The share card (Open Graph image). */
  shareCard: { file: string; width: number; height: number };
}

export const SHARE_CARD = { width: 1200, height: 630 };

/**
 * The colour under the logo: the brand colour where the app bar is drawn in it (the logo is made
 * to stand on it: IronStar's and TimerMan's are white), else the page background.
 */
export function logoGround(config: TenantConfig): string {
  const { palette } = config.theme;
  return config.appBar.kind === "themed" ? palette.primary : palette.background;
}

/** The square box of a side of `share` of `size`, centred in a `size` square. */
const centred = (size: number, share: number): Box => {
  const side = Math.floor(size * share);
  const at = Math.floor((size - side) / 2);
  return { x: at, y: at, width: side, height: side };
};

/**
 * The maskable icon's logo stays inside its safe zone: the central circle of 80 % of the
 * icon's diameter (W3C "maskable icons"), so the square inscribed in it, 0.8 / √2 ≈ 56.6 %.
 */
export const MASKABLE_SHARE = 0.8 / Math.SQRT2;
/** A plain icon keeps a margin of 10 % on each side, as launchers draw icons edge to edge. */
const ICON_SHARE = 0.8;

/**
 * The files the images are drawn from: the square mark (logoSmall) for the icons and the full
 * logo for the share card, each replaced by the next of logoSmall, logo, favicon when it is a
 * picture the renderer cannot read (resvg reads SVG and PNG, not WebP or ICO).
 */
function sources(config: TenantConfig, assets: ReadonlyMap<string, Uint8Array>) {
  const { logo, logoSmall, favicon } = config.theme;
  const drawable = (rel: string) => {
    const bytes = assets.get(rel);
    return /\.svg$/i.test(rel) || (bytes !== undefined && pngSize(bytes) !== null);
  };
  const first = (order: string[]) => {
    const found = order.find(drawable);
    if (found) return found;
    throw new Error(
      `${order[0]}: the app icons and share card are drawn from theme.logoSmall, theme.logo or theme.favicon, and none is an SVG or PNG (WebP and ICO cannot be drawn); give one of them as SVG or PNG`,
    );
  };
  return { mark: first([logoSmall, logo, favicon]), full: first([logo, logoSmall, favicon]) };
}

/**
 * Drawn images by what they are drawn from (the logos' bytes and the colours), a few kept: `dev`
 * re-skins a tenant on every save of its YAML, and most saves change neither.
 */
const drawnCache = new Map<string, Promise<BrandImages>>();
const CACHE_ENTRIES = 16;

/** Draws the brand images of a tenant; `name` turns PNG bytes into a content-hashed file name. */
export function brandImages(
  config: TenantConfig,
  assets: ReadonlyMap<string, Uint8Array>,
  name: (base: string, png: Uint8Array) => string,
): Promise<BrandImages> {
  const { palette } = config.theme;
  const { mark, full } = sources(config, assets);
  const hash = createHash("sha256");
  for (const part of [mark, full]) hash.update(assets.get(part) ?? part).update("\0");
  hash.update(JSON.stringify([mark, full, logoGround(config), palette.primary, palette.secondary]));
  const key = hash.digest("hex");
  let drawn = drawnCache.get(key);
  if (!drawn) {
    drawn = drawAll(config, assets, name);
    drawnCache.set(key, drawn);
    drawn.catch(() => drawnCache.delete(key));
    if (drawnCache.size > CACHE_ENTRIES)
      drawnCache.delete(drawnCache.keys().next().value as string);
  }
  return drawn;
}

async function drawAll(
  config: TenantConfig,
  assets: ReadonlyMap<string, Uint8Array>,
  name: (base: string, png: Uint8Array) => string,
): Promise<BrandImages> {
  const ground = logoGround(config);
  const { palette } = config.theme;
  const { mark, full } = sources(config, assets);
  const bytesOf = (rel: string) => {
    const data = assets.get(rel);
    if (!data) throw new Error(`${rel} was not checked by the loader`);
    return data;
  };
  const files = new Map<string, Uint8Array>();
  const draw = async (base: string, job: Omit<DrawJob, "bytes" | "ground">) => {
    const png = await drawInWorker({ ...job, bytes: bytesOf(job.file), ground });
    const file = name(base, png);
    files.set(file, png);
    return file;
  };
  const square = (base: string, size: number, share: number) =>
    draw(base, { file: mark, width: size, height: size, box: centred(size, share) });

  const icons: ManifestIcon[] = [];
  for (const size of [192, 512]) {
    const src = await square(`icon-${size}`, size, ICON_SHARE);
    icons.push({ src: `/${src}`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" });
  }
  const maskable = await square("icon-maskable-512", 512, MASKABLE_SHARE);
  icons.push({ src: `/${maskable}`, sizes: "512x512", type: "image/png", purpose: "maskable" });
  const appleTouchIcon = await square("apple-touch-icon", 180, ICON_SHARE);

  // The card: the full logo (mark and name) centred, a band of the other brand colour below.
  const { width, height } = SHARE_CARD;
  const band = ground === palette.primary ? palette.secondary : palette.primary;
  const card = await draw("share-card", {
    file: full,
    width,
    height,
    box: { x: 150, y: 150, width: width - 300, height: height - 330 },
    extras: `<rect y="${height - 40}" width="${width}" height="40" fill="${band}"/>`,
  });
  return { files, icons, appleTouchIcon, shareCard: { file: card, width, height } };
}
