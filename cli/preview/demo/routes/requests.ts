/** Photographer and business request forms (POST /public/requests): 201 { requestId }. */
import { stringField } from "../context.ts";
import { fail, json } from "../http/reply.ts";
import type { Handler } from "../router.ts";

const REQUIRED: Record<string, readonly string[]> = {
  photographer: ["name", "email", "city", "portfolio", "equipment"],
  business: ["phone"],
};

export const requestRoutes: Record<string, Handler> = {
  "POST /": async (ctx) => {
    const body = await ctx.json();
    const kind = stringField(body, "kind") ?? "";
    const required = REQUIRED[kind];
    if (!required) return fail(400, "InvalidBody", "kind must be photographer or business");
    const missing = required.filter((field) => !stringField(body, field)?.trim());
    const email = stringField(body, "email");
    if (kind === "photographer" && email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      missing.push("email");
    }
    if (missing.length) {
      return fail(400, "ValidationFailed", `Missing or invalid: ${missing.join(", ")}`, {
        fields: missing,
      });
    }
    const requestId = ctx.state.nextId("request");
    ctx.state.requests.push({ requestId, ...(body as object) });
    return json(201, { requestId });
  },
};
