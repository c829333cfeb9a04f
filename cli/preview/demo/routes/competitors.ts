/** competitor-service: participants by surname or bib, and the per-event search token. */
import type { Competitor } from "../../../../storefront/src/api/contracts/index.ts";
import { stringField } from "../context.ts";
import { pageOf, paging } from "../http/paging.ts";
import { fail, json } from "../http/reply.ts";
import type { Handler } from "../router.ts";
import type { Participant } from "../seed/participants.ts";
import { findSelfie } from "../selfie-store.ts";
import { issueToken } from "../tokens.ts";
import { iso } from "../views.ts";
import { personsOf, selfieState } from "./selfies.ts";

const competitorView = (p: Participant): Competitor => ({
  competitorId: p.competitorId,
  competitorsListId: p.eventId,
  number: p.number,
  surname: p.surname,
  firstName: p.firstName,
  distance: p.distance,
  photoCount: p.photos.length,
});

export const competitorRoutes: Record<string, Handler> = {
  "GET /competitors": (ctx) => {
    const listId = ctx.query.get("competitorsListId") ?? "";
    if (!ctx.world.event(listId)) return fail(404, "CompetitorsListNotFound", "No such event");
    const search = ctx.query.get("search")?.trim().toLowerCase() ?? "";
    if (!search) return fail(400, "SearchRequired", "Give a surname or a bib number");
    const { offset, count } = paging(ctx.query, 20);
    const found = ctx.world
      .participants(listId)
      .filter((p) => p.number === search || p.surname.toLowerCase().startsWith(search));
    return json(200, pageOf(found.map(competitorView), offset, count));
  },
  "POST /competitors/:eventId/token": async (ctx) => {
    const event = ctx.world.event(ctx.params.eventId ?? "");
    if (!event) return fail(404, "EventNotFound", "No such event");
    const body = await ctx.json();
    const competitorId = stringField(body, "competitorId");
    const selfieId = stringField(body, "selfieId");
    const personId = stringField(body, "personId");
    let subject: { competitorId: string | null; personId: string | null };
    if (competitorId) {
      const participant = ctx.world.participant(competitorId);
      if (participant?.eventId !== event.eventId) {
        return fail(404, "CompetitorNotFound", "No such participant in this event");
      }
      subject = { competitorId, personId: null };
    } else if (selfieId && personId) {
      const selfie = findSelfie(ctx.state, ctx.options, selfieId);
      if (!selfie) return fail(404, "SelfieNotFound", "No such selfie");
      if (ctx.world.eventByAlbum(selfie.albumId) !== event) {
        return fail(400, "SelfieFromAnotherEvent", "The selfie was searched in another event");
      }
      if (selfieState(ctx, selfie) !== "Completed") {
        return fail(409, "SelfieProcessing", "Face search is still running");
      }
      const person = personsOf(ctx, selfie).find((p) => p.personId === personId);
      if (!person) return fail(404, "PersonNotFound", "No such face on the selfie");
      subject = { competitorId: person.competitorId, personId };
    } else {
      return fail(400, "InvalidBody", "Expected { competitorId } or { selfieId, personId }");
    }
    const token = issueToken(ctx, event.eventId, subject);
    return json(200, {
      token: token.token,
      eventId: event.eventId,
      expiresAt: iso(token.expiresAt),
    });
  },
};
