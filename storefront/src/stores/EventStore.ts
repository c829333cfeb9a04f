import { makeAutoObservable, runInAction } from "mobx";
import type { Api, ApiError, Event } from "../api/index.ts";

/** Events by id (GET /events/{id}), each loaded once per visit. */
export class EventStore {
  readonly events = new Map<string, Event>();
  readonly errors = new Map<string, ApiError>();
  readonly loading = new Set<string>();
  private readonly api: Api;
  private readonly pending = new Map<string, Promise<Event | null>>();

  constructor(api: Api) {
    this.api = api;
    makeAutoObservable<EventStore, "api" | "pending">(this, { api: false, pending: false });
  }

  event(id: string): Event | undefined {
    return this.events.get(id);
  }

  /** The event, loading it when needed; null (with `errors.get(id)` set) on failure. */
  load(id: string): Promise<Event | null> {
    const known = this.events.get(id);
    if (known) return Promise.resolve(known);
    let p = this.pending.get(id);
    if (!p) {
      p = this.fetch(id);
      this.pending.set(id, p);
    }
    return p;
  }

  private async fetch(id: string): Promise<Event | null> {
    this.loading.add(id);
    this.errors.delete(id);
    const result = await this.api.events.get(id);
    return runInAction(() => {
      this.loading.delete(id);
      this.pending.delete(id);
      if (result.ok) {
        this.events.set(id, result.data);
        return result.data;
      }
      this.errors.set(id, result.error);
      return null;
    });
  }
}
