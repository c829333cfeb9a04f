/** photo-service events: list (by external id or search string) and one event. */

import { pageOf, paging } from "../http/paging.ts";
import { fail, json } from "../http/reply.ts";
import type { Handler } from "../router.ts";
import { eventView } from "../views.ts";

export const eventRoutes: Record<string, Handler> = {
  "GET /events": (ctx) => {
    const external = ctx.query.get("externalEventId");
    const search = ctx.query.get("searchString")?.trim().toLowerCase() ?? "";
    const { offset, count } = paging(ctx.query, 20);
    const found = ctx.world.events.filter(
      (e) =>
        (!external || e.externalEventId === external) &&
        (!search || `${e.name} ${e.location}`.toLowerCase().includes(search)),
    );
    return json(200, pageOf(found.map(eventView), offset, count));
  },
  "GET /events/:id": (ctx) => {
    const event = ctx.world.event(ctx.params.id ?? "");
    return event ? json(200, eventView(event)) : fail(404, "EventNotFound", "No such event");
  },
};
