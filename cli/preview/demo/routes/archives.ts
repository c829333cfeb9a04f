/**
 * archive-service: zip the photos of a paid order or pre-order. The archive is Created
 * and becomes Published (with a fileUrl) after `archiveDelayMs`; the zip is real.
 */
import { zipSync } from "fflate";
import type { Archive } from "../../../../storefront/src/api/contracts/index.ts";
import type { Context } from "../context.ts";
import { stringField } from "../context.ts";
import { fail, file, json } from "../http/reply.ts";
import { photoJpeg } from "../render/photo-jpeg.ts";
import type { Handler } from "../router.ts";
import type { ArchiveRecord, OrderItemRecord } from "../state.ts";
import { iso, photoPicture } from "../views.ts";

const isPublished = (ctx: Context, a: ArchiveRecord) =>
  ctx.now() - a.createdOn >= ctx.options.archiveDelayMs;

function archiveView(ctx: Context, a: ArchiveRecord): Archive {
  const published = isPublished(ctx, a);
  return {
    archiveId: a.archiveId,
    state: published ? "Published" : "Created",
    fileUrl: published ? `/demo/files/archives/${a.archiveId}.zip` : null,
    photoCount: a.photos.length,
    createdOn: iso(a.createdOn),
  };
}

function photosOf(items: readonly OrderItemRecord[]) {
  const seen = new Map<string, { photoId: string; frameId: string | null }>();
  for (const item of items) {
    for (const photoId of item.photoIds) {
      seen.set(`${photoId}/${item.frameId}`, { photoId, frameId: item.frameId });
    }
  }
  return [...seen.values()];
}

export const archiveRoutes: Record<string, Handler> = {
  "POST /archives": async (ctx) => {
    const body = await ctx.json();
    const orderId = stringField(body, "orderId");
    const preorderId = stringField(body, "preorderId");
    const bought = orderId
      ? ctx.state.orders.get(orderId)
      : preorderId
        ? ctx.state.preorders.get(preorderId)
        : undefined;
    if (!orderId && !preorderId)
      return fail(400, "InvalidBody", "Expected { orderId } or { preorderId }");
    if (!bought) return fail(404, "OrderNotFound", "No such order");
    if (bought.state !== "Completed") return fail(409, "OrderNotPaid", "The order is not paid");
    const photos = photosOf(bought.items);
    if (photos.length === 0) return fail(409, "NothingToArchive", "The order has no photos");
    const archiveId = ctx.state.nextId("archive");
    ctx.state.archives.set(archiveId, {
      archiveId,
      name: `photos-${bought.number}.zip`,
      photos,
      createdOn: ctx.now(),
    });
    return {
      status: 201,
      headers: {
        Location: `/public/archive-service/api/v1/archives/${archiveId}`,
        "X-Archive-Id": archiveId,
        "Access-Control-Expose-Headers": "Location, X-Archive-Id",
      },
    };
  },
  "GET /archives/:id": (ctx) => {
    const archive = ctx.state.archives.get(ctx.params.id ?? "");
    return archive
      ? json(200, archiveView(ctx, archive))
      : fail(404, "ArchiveNotFound", "No such archive");
  },
};

/** GET /demo/files/archives/{archiveId}.zip */
export const archiveFileRoutes: Record<string, Handler> = {
  "GET /:file": (ctx) => {
    const archive = ctx.state.archives.get((ctx.params.file ?? "").replace(/\.zip$/, ""));
    if (!archive) return fail(404, "ArchiveNotFound", "No such archive");
    if (!isPublished(ctx, archive)) return fail(404, "ArchiveNotReady", "The archive is not ready");
    const entries: Record<string, Uint8Array> = {};
    for (const { photoId, frameId } of archive.photos) {
      const photo = ctx.world.parsePhotoId(photoId);
      const frame = frameId ? ctx.world.frame(frameId) : undefined;
      if (!photo) continue;
      const picture = photoPicture(ctx.world, photo.event, photo.n);
      // The same JPEG files as the photos' own downloads (routes/images.ts).
      entries[`${photoId}${frame ? `-${frame.frameId}` : ""}.jpg`] = photoJpeg(
        picture,
        frame?.color,
      );
    }
    return file("application/zip", zipSync(entries, { level: 0, mtime: "2025-01-01" }), {
      "Content-Disposition": `attachment; filename="${archive.name}"`,
    });
  },
};
