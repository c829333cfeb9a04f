/** RequestFormStore's edges: one request at a time, trimmed values, and the sent state. */
import { describe, expect, it } from "vitest";
import type { Api } from "../../../storefront/src/api/index.ts";
import {
  businessRequestStore,
  photographerRequestStore,
} from "../../../storefront/src/stores/RequestFormStore.ts";

function api() {
  const sent: unknown[] = [];
  return {
    sent,
    api: {
      requests: {
        send: async (form: unknown) => {
          sent.push(form);
          return { ok: true as const, status: 201, data: null };
        },
      },
    } as unknown as Api,
  };
}

describe("request forms", () => {
  it("send once while sending; the form shows it is sending", async () => {
    const a = api();
    const form = businessRequestStore(a.api);
    form.set("phone", "+7 900 123 45 67");
    expect(form.sending).toBe(false);
    const first = form.submit();
    expect([form.sending, form.state]).toEqual([true, "sending"]);
    expect(await form.submit()).toBe(false);
    expect(await first).toBe(true);
    expect([form.sending, form.state, a.sent.length]).toEqual([false, "sent", 1]);
  });

  it("every value is sent trimmed, a blank comment not at all", async () => {
    const a = api();
    const form = photographerRequestStore(a.api);
    const typed = {
      name: "Anna Petrova",
      email: "anna@example.com",
      city: "Kazan",
      portfolio: "https://example.com/anna",
      equipment: "Canon R6",
    };
    for (const [field, value] of Object.entries(typed)) {
      form.set(field as keyof typeof typed, `  ${value} `);
    }
    form.set("comment", "   ");
    expect(await form.submit()).toBe(true);
    expect(a.sent).toEqual([{ kind: "photographer", ...typed }]);
    const business = businessRequestStore(a.api);
    business.set("phone", " 89001234567 ");
    business.set("comment", " call after 6 ");
    await business.submit();
    expect(a.sent[1]).toEqual({ kind: "business", phone: "89001234567", comment: "call after 6" });
  });

  it("typing after a request was sent keeps it sent; the problems show only once attempted", async () => {
    const a = api();
    const form = businessRequestStore(a.api);
    form.set("phone", "12");
    expect(form.problems).toEqual({});
    expect(await form.submit()).toBe(false);
    expect(form.problems).toEqual({ phone: "invalid" });
    expect(form.state).toBe("editing");
    form.set("phone", "89001234567");
    expect(form.problems).toEqual({});
    await form.submit();
    form.set("comment", "x");
    expect(form.state).toBe("sent");
  });
});
