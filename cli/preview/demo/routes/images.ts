/** The demo's images: photos, thumbnails, framed photos, theme banners, event covers. */
import { fail, file, type Reply } from "../http/reply.ts";
import { bannerSvg } from "../render/banner-svg.ts";
import { framedPhotoSvg } from "../render/frame-svg.ts";
import { photoJpeg } from "../render/photo-jpeg.ts";
import { photoSvg } from "../render/photo-svg.ts";
import type { Handler } from "../router.ts";
import { photoPicture } from "../views.ts";
import { bannerOf } from "./themes.ts";

const svg = (body: string): Reply =>
  file("image/svg+xml", body, { "Cache-Control": "public, max-age=86400" });
const notFound = () => fail(404, "ImageNotFound", "No such image");
const stem = (name: string | undefined) => (name ?? "").replace(/\.svg$/, "");
const jpegStem = (name: string | undefined) => (name ?? "").replace(/\.jpg$/, "");
const jpegFile = (body: Uint8Array): Reply =>
  file("image/jpeg", body, { "Cache-Control": "public, max-age=86400" });

export const imageRoutes: Record<string, Handler> = {
  "GET /photo/:file": (ctx) => {
    const photo = ctx.world.parsePhotoId(stem(ctx.params.file));
    return photo ? svg(photoSvg(photoPicture(ctx.world, photo.event, photo.n))) : notFound();
  },
  "GET /thumb/:file": (ctx) => {
    const photo = ctx.world.parsePhotoId(stem(ctx.params.file));
    return photo
      ? svg(photoSvg(photoPicture(ctx.world, photo.event, photo.n), 0.25, false))
      : notFound();
  },
  "GET /framed/:photoId/:file": (ctx) => {
    const photo = ctx.world.parsePhotoId(ctx.params.photoId ?? "");
    const frame = ctx.world.frame(stem(ctx.params.file));
    if (!photo || !frame) return notFound();
    return svg(framedPhotoSvg(photoPicture(ctx.world, photo.event, photo.n), frame));
  },
  // A paid photo's download: a JPEG (in its frame's colours when bought in a frame).
  "GET /download/:file": (ctx) => {
    const photo = ctx.world.parsePhotoId(jpegStem(ctx.params.file));
    return photo ? jpegFile(photoJpeg(photoPicture(ctx.world, photo.event, photo.n))) : notFound();
  },
  "GET /download/:photoId/:file": (ctx) => {
    const photo = ctx.world.parsePhotoId(ctx.params.photoId ?? "");
    const frame = ctx.world.frame(jpegStem(ctx.params.file));
    if (!photo || !frame) return notFound();
    return jpegFile(photoJpeg(photoPicture(ctx.world, photo.event, photo.n), frame.color));
  },
  "GET /theme/:themeId/:file": (ctx) => {
    const banner = bannerOf(ctx.params.themeId ?? "", Number(stem(ctx.params.file)));
    return banner ? svg(bannerSvg(banner.title, ctx.params.themeId ?? "", banner.hue)) : notFound();
  },
  "GET /cover/:file": (ctx) => {
    const event = ctx.world.event(stem(ctx.params.file));
    return event
      ? svg(bannerSvg(event.name, `${event.date} · ${event.location}`, event.hue, 1200, 630))
      : notFound();
  },
};
