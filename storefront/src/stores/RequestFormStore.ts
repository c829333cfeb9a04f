import { makeAutoObservable, runInAction } from "mobx";
import type { Api, RequestForm } from "../api/index.ts";
import {
  type BusinessDraft,
  emptyBusiness,
  emptyPhotographer,
  type FieldProblems,
  type PhotographerDraft,
  validateBusiness,
  validatePhotographer,
} from "../domain/requests.ts";

export type RequestFormState = "editing" | "sending" | "sent" | "failed";

interface RequestFormDeps<F extends string> {
  api: Api;
  empty: () => Record<F, string>;
  validate: (values: Record<F, string>) => FieldProblems<F>;
  toRequest: (values: Record<F, string>) => RequestForm;
}

/**
 * One request form (photographer or business, spec §3/§5/§8): what the user typed, its
 * problems (shown once they tried to send) and the call. A failed call keeps the input.
 */
export class RequestFormStore<F extends string> {
  values: Record<F, string>;
  state: RequestFormState = "editing";
  /** Problems are shown only after the first attempt to send, not while typing the first time. */
  attempted = false;
  private readonly deps: RequestFormDeps<F>;

  constructor(deps: RequestFormDeps<F>) {
    this.deps = deps;
    this.values = deps.empty();
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<RequestFormStore<F>, "deps">(this, { deps: false });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  get problems(): FieldProblems<F> {
    return this.attempted ? this.deps.validate(this.values) : {};
  }

  get sending(): boolean {
    return this.state === "sending";
  }

  set(field: F, value: string): void {
    this.values[field] = value;
    if (this.state === "failed") this.state = "editing";
  }

  /** Validates, then posts; true when the backend took the request. */
  async submit(): Promise<boolean> {
    if (this.state === "sending") return false;
    this.attempted = true;
    if (Object.keys(this.deps.validate(this.values)).length > 0) return false;
    this.state = "sending";
    const result = await this.deps.api.requests.send(this.deps.toRequest(this.values));
    runInAction(() => {
      this.state = result.ok ? "sent" : "failed";
    });
    return result.ok;
  }

  /** A fresh form, e.g. when the dialog opens again after a request was sent. */
  reset(): void {
    this.values = this.deps.empty();
    this.attempted = false;
    this.state = "editing";
  }
}

const optional = (text: string) => (text.trim() ? { comment: text.trim() } : {});

export type PhotographerRequestForm = RequestFormStore<keyof PhotographerDraft>;
export type BusinessRequestForm = RequestFormStore<keyof BusinessDraft>;

export function photographerRequestStore(api: Api): PhotographerRequestForm {
  return new RequestFormStore({
    api,
    empty: emptyPhotographer,
    validate: validatePhotographer,
    toRequest: (v) => ({
      kind: "photographer",
      name: v.name.trim(),
      email: v.email.trim(),
      city: v.city.trim(),
      portfolio: v.portfolio.trim(),
      equipment: v.equipment.trim(),
      ...optional(v.comment),
    }),
  });
}

export function businessRequestStore(api: Api): BusinessRequestForm {
  return new RequestFormStore({
    api,
    empty: emptyBusiness,
    validate: validateBusiness,
    toRequest: (v) => ({ kind: "business", phone: v.phone.trim(), ...optional(v.comment) }),
  });
}
