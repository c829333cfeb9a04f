import { makeAutoObservable } from "mobx";
import { visibleNotificationCount } from "../domain/errors.ts";
import type { UserMessage } from "./types.ts";
import type { UiStore } from "./UiStore.ts";

export interface Notification {
  id: number;
  message: UserMessage;
}

/** How long a notice stays before it closes by itself. */
export const NOTIFICATION_MS = 5000;

/** Transient notices ("Added to the cart"…); at most 2 visible at once, 1 on mobile. */
export class NotificationStore {
  items: Notification[] = [];
  private nextId = 1;
  private readonly ui: UiStore;

  constructor(ui: UiStore) {
    this.ui = ui;
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<NotificationStore, "ui">(this, { ui: false });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  get visible(): Notification[] {
    return this.items.slice(0, visibleNotificationCount(this.ui.viewport === "mobile"));
  }

  /** Shows a notice; it closes by itself after NOTIFICATION_MS, so later ones get their turn. */
  notify(message: UserMessage): number {
    // Stryker disable next-line UpdateOperator: equivalent, counting down gives unique ids too
    const id = this.nextId++;
    this.items.push({ id, message });
    setTimeout(() => this.dismiss(id), NOTIFICATION_MS);
    return id;
  }

  dismiss(id: number): void {
    this.items = this.items.filter((n) => n.id !== id);
  }

  /** Closes every notice: they belong to the screen they were shown on, not to the next one. */
  clear(): void {
    if (this.items.length > 0) this.items = [];
  }
}
