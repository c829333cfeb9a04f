/** recognition-service: selfie upload (multipart face.jpg), face search result, the file. */
import type { Person, Selfie } from "../../../../storefront/src/api/contracts/index.ts";
import type { Context } from "../context.ts";
import { facesOf, isJpeg } from "../faces.ts";
import { BodyTooLargeError } from "../http/body.ts";
import { boundaryOf, MultipartError, parseMultipart } from "../http/multipart.ts";
import { fail, file, json } from "../http/reply.ts";
import type { Handler } from "../router.ts";
import { findSelfie, storeSelfie } from "../selfie-store.ts";
import type { SelfieRecord } from "../state.ts";
import { iso } from "../views.ts";

/** Spec §5: a selfie of at most 8 MB. */
export const MAX_SELFIE_BYTES = 8 * 1024 * 1024;

export function selfieState(ctx: Context, s: SelfieRecord): Selfie["state"] {
  return ctx.now() - s.createdOn >= ctx.options.faceSearchDelayMs ? "Completed" : "Processing";
}

export function personsOf(ctx: Context, s: SelfieRecord): Person[] {
  const event = ctx.world.eventByAlbum(s.albumId);
  if (!event || s.faces === "none") return [];
  const people = ctx.world.participants(event.eventId).slice(0, s.faces === "one" ? 1 : 3);
  return people.map((p, i) => ({
    personId: `${s.selfieId}-f${i + 1}`,
    competitorId: p.competitorId,
    photoCount: p.photos.length,
    photoIds: p.photos.map((n) => ctx.world.photoId(event.eventId, n)),
  }));
}

function selfieView(ctx: Context, s: SelfieRecord): Selfie {
  const state = selfieState(ctx, s);
  return {
    selfieId: s.selfieId,
    albumId: s.albumId,
    state,
    persons: state === "Completed" ? personsOf(ctx, s) : [],
    fileUrl: `/public/recognition-service/api/v1/selfies/${s.selfieId}/file`,
    createdOn: iso(s.createdOn),
  };
}

async function readSelfie(ctx: Context): Promise<Buffer | "too-large" | null> {
  const boundary = boundaryOf(ctx.req.headers["content-type"]);
  if (!boundary) return null;
  try {
    const body = await ctx.body(MAX_SELFIE_BYTES + 64 * 1024);
    const part = parseMultipart(body, boundary).find((p) => p.name === "file");
    if (!part) return null;
    return part.data.length > MAX_SELFIE_BYTES ? "too-large" : part.data;
  } catch (error) {
    if (error instanceof BodyTooLargeError) return "too-large";
    // Thousands of parts or a huge part header: not a selfie form, answered as a missing file.
    if (error instanceof MultipartError) return null;
    throw error;
  }
}

/**
 * A finished search keeps its result (who was found), not the photo: the demo deletes the
 * selfie's bytes as soon as its search is done, which is what the face-search consent says by
 * default ("Your selfie is deleted as soon as the search is done"). Returns whether they are gone.
 */
function deletedWhenDone(ctx: Context, selfie: SelfieRecord): boolean {
  if (selfieState(ctx, selfie) !== "Completed") return false;
  selfie.jpeg = Buffer.alloc(0);
  return true;
}

export const selfieRoutes: Record<string, Handler> = {
  "POST /selfies": async (ctx) => {
    const albumId = ctx.query.get("albumId") ?? "";
    if (!ctx.world.eventByAlbum(albumId)) return fail(404, "AlbumNotFound", "No such album");
    const jpeg = await readSelfie(ctx);
    if (jpeg === "too-large") return fail(413, "SelfieTooLarge", "Upload a photo up to 8 MB");
    if (!jpeg) return fail(400, "SelfieRequired", "Send the photo as multipart field `file`");
    if (!isJpeg(jpeg)) return fail(415, "SelfieNotJpeg", "The photo must be a JPEG");
    const selfie: SelfieRecord = {
      selfieId: ctx.state.nextId("selfie"),
      albumId,
      faces: facesOf(jpeg),
      createdOn: ctx.now(),
      jpeg,
    };
    storeSelfie(ctx.state, ctx.options, selfie);
    return json(201, selfieView(ctx, selfie));
  },
  "GET /selfies/:selfieId": (ctx) => {
    const selfie = findSelfie(ctx.state, ctx.options, ctx.params.selfieId ?? "");
    if (!selfie) return fail(404, "SelfieNotFound", "No such selfie");
    deletedWhenDone(ctx, selfie);
    return json(200, selfieView(ctx, selfie));
  },
  "GET /selfies/:selfieId/file": (ctx) => {
    const selfie = findSelfie(ctx.state, ctx.options, ctx.params.selfieId ?? "");
    if (!selfie) return fail(404, "SelfieNotFound", "No such selfie");
    if (deletedWhenDone(ctx, selfie)) {
      return fail(410, "SelfieDeleted", "The selfie was deleted when its search was done");
    }
    return file("image/jpeg", selfie.jpeg);
  },
};
