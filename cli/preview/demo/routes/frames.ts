/** frame-service: a photo composed with a frame, for the frame picker's preview. */
import { fail, file } from "../http/reply.ts";
import { framedPhotoSvg } from "../render/frame-svg.ts";
import type { Handler } from "../router.ts";
import { checkToken } from "../tokens.ts";
import { photoPicture } from "../views.ts";

export const frameRoutes: Record<string, Handler> = {
  "GET /photos": (ctx) => {
    const photo = ctx.world.parsePhotoId(ctx.query.get("photoId") ?? "");
    if (!photo) return fail(404, "PhotoNotFound", "No such photo");
    const frame = ctx.world.frame(ctx.query.get("frame") ?? "");
    if (!frame) return fail(404, "FrameNotFound", "No such frame type");
    const check = checkToken(ctx, photo.event.eventId);
    if (!check.ok) return check.reply;
    const picture = photoPicture(ctx.world, photo.event, photo.n);
    return file("image/svg+xml", framedPhotoSvg(picture, frame));
  },
};
