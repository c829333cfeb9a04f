/**
 * photo-service photos: an album's photos (all, or one participant's with a search
 * token) and the "it's me" answer on a photo tag.
 */
import { type Context, stringField } from "../context.ts";
import { paging } from "../http/paging.ts";
import { fail, json, noContent, type Reply } from "../http/reply.ts";
import type { Handler } from "../router.ts";
import { checkToken } from "../tokens.ts";
import { photoView } from "../views.ts";

/** Photo numbers the query asks for, or an error reply (401 without a valid token). */
function photoNumbers(ctx: Context, eventId: string, photoCount: number): number[] | Reply | null {
  const competitorId = ctx.query.get("competitorId");
  const personId = ctx.query.get("personId");
  if (!competitorId && !personId) return null; // the whole album
  const check = checkToken(ctx, eventId);
  if (!check.ok) return check.reply;
  const { token } = check;
  if (
    (competitorId && token.competitorId !== competitorId) ||
    (personId && token.personId !== personId)
  ) {
    return fail(403, "SearchTokenMismatch", "The search token was issued for someone else");
  }
  const participant = token.competitorId ? ctx.world.participant(token.competitorId) : undefined;
  return (participant?.photos ?? []).filter((n) => n <= photoCount);
}

export const photoRoutes: Record<string, Handler> = {
  "GET /photos": (ctx) => {
    const albumId = ctx.query.get("albumId");
    if (!albumId) return fail(400, "AlbumRequired", "albumId is required");
    const event = ctx.world.eventByAlbum(albumId);
    if (!event) return fail(404, "AlbumNotFound", "No such album");
    const numbers = photoNumbers(ctx, event.eventId, event.photoCount);
    if (numbers !== null && !Array.isArray(numbers)) return numbers;
    const { offset, count } = paging(ctx.query, 100);
    const total = numbers ? numbers.length : event.photoCount;
    const items = [];
    // Whole albums are computed page by page: a 10,000-photo event never exists in memory.
    for (let i = offset; i < Math.min(total, offset + count); i++) {
      items.push(photoView(ctx.world, ctx.state, event, numbers ? (numbers[i] ?? 1) : i + 1));
    }
    return json(200, { count: items.length, total, items });
  },
  "POST /photos/:photoId/itsme": async (ctx) => {
    const photoId = ctx.params.photoId ?? "";
    if (!ctx.world.parsePhotoId(photoId)) return fail(404, "PhotoNotFound", "No such photo");
    const body = await ctx.json();
    const itIsMe = (body as { itIsMe?: unknown } | undefined)?.itIsMe;
    const tagId = stringField((body as { tag?: unknown } | undefined)?.tag, "photoTagId");
    if (typeof itIsMe !== "boolean" || !tagId) {
      return fail(
        400,
        "InvalidBody",
        "Expected { itIsMe: boolean, tag: { photoTagId, name, value } }",
      );
    }
    if (!tagId.startsWith(`${photoId}-`))
      return fail(404, "TagNotFound", "No such tag on this photo");
    ctx.state.itsMe.set(tagId, itIsMe);
    return noContent();
  },
};
