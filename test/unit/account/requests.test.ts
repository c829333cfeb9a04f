import { describe, expect, it, vi } from "vitest";
import type { Api } from "../../../storefront/src/api/index.ts";
import {
  emptyPhotographer,
  isEmail,
  isPhone,
  validateBusiness,
  validatePhotographer,
} from "../../../storefront/src/domain/requests.ts";
import {
  businessRequestStore,
  photographerRequestStore,
} from "../../../storefront/src/stores/RequestFormStore.ts";

const complete = {
  name: "Anna Petrova",
  email: "anna@example.com",
  city: "Kazan",
  portfolio: "https://example.com/anna",
  equipment: "Canon R6",
  comment: "",
};

describe("request validation (spec §5)", () => {
  it("photographer: name, e-mail, city, portfolio and equipment required; comment optional", () => {
    expect(validatePhotographer(emptyPhotographer())).toEqual({
      name: "required",
      email: "required",
      city: "required",
      portfolio: "required",
      equipment: "required",
    });
    expect(validatePhotographer(complete)).toEqual({});
    expect(validatePhotographer({ ...complete, name: "   " })).toEqual({ name: "required" });
  });

  it("photographer e-mail must be an address", () => {
    expect(validatePhotographer({ ...complete, email: "anna@example" })).toEqual({
      email: "invalid",
    });
    for (const good of ["a@b.co", "first.last+tag@sub.example.org", " anna@example.com "]) {
      expect(isEmail(good)).toBe(true);
    }
    for (const bad of ["", "anna", "anna@", "@example.com", "a b@example.com", "a@@b.com", "a@b"]) {
      expect(isEmail(bad)).toBe(false);
    }
  });

  it("business: phone required and plausible; comment optional", () => {
    expect(validateBusiness({ phone: "", comment: "hi" })).toEqual({ phone: "required" });
    expect(validateBusiness({ phone: "call me", comment: "" })).toEqual({ phone: "invalid" });
    expect(validateBusiness({ phone: "+7 (900) 123-45-67", comment: "" })).toEqual({});
    expect(isPhone("123")).toBe(false);
  });
});

function fakeApi(ok: boolean) {
  const send = vi.fn(async () =>
    ok
      ? { ok: true as const, status: 201, data: null }
      : { ok: false as const, status: 503, data: null, error: {} },
  );
  return { api: { requests: { send } } as unknown as Api, send };
}

describe("RequestFormStore", () => {
  it("shows problems only after a send attempt and does not call the backend then", async () => {
    const { api, send } = fakeApi(true);
    const form = photographerRequestStore(api);
    expect(form.problems).toEqual({});
    expect(await form.submit()).toBe(false);
    expect(form.problems.name).toBe("required");
    expect(send).not.toHaveBeenCalled();
  });

  it("a failing backend keeps what the user typed", async () => {
    const { api, send } = fakeApi(false);
    const form = photographerRequestStore(api);
    for (const [k, v] of Object.entries(complete)) form.set(k as keyof typeof complete, v);
    form.set("comment", "  weekends only ");
    expect(await form.submit()).toBe(false);
    expect(form.state).toBe("failed");
    expect(form.values).toEqual({ ...complete, comment: "  weekends only " });
    expect(send).toHaveBeenCalledWith({
      kind: "photographer",
      name: "Anna Petrova",
      email: "anna@example.com",
      city: "Kazan",
      portfolio: "https://example.com/anna",
      equipment: "Canon R6",
      comment: "weekends only",
    });
    form.set("city", "Sochi");
    expect(form.state).toBe("editing");
  });

  it("business: sends phone and comment; success, then a fresh form on reset", async () => {
    const { api, send } = fakeApi(true);
    const form = businessRequestStore(api);
    form.set("phone", "+7 900 123 45 67");
    expect(await form.submit()).toBe(true);
    expect(send).toHaveBeenCalledWith({ kind: "business", phone: "+7 900 123 45 67" });
    expect(form.state).toBe("sent");
    form.reset();
    expect(form.values).toEqual({ phone: "", comment: "" });
    expect(form.problems).toEqual({});
  });
});
