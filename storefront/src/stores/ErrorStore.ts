import { makeAutoObservable } from "mobx";
import { type ErrorLike, errorText, isDuplicateNavigation } from "../domain/errors.ts";
import type { UserMessage } from "./types.ts";

export interface QueuedError {
  id: number;
  message: UserMessage;
}

/** The error queue of spec §8: shown one at a time in the snackbar. */
export class ErrorStore {
  queue: QueuedError[] = [];
  lastErrorText = "";
  private nextId = 1;

  constructor() {
    makeAutoObservable(this);
  }

  get current(): QueuedError | undefined {
    return this.queue[0];
  }

  /** Queues a catalog message (or server text) for the snackbar. */
  show(message: UserMessage): void {
    this.queue.push({ id: this.nextId++, message });
    this.lastErrorText = typeof message === "string" ? message : (message.message ?? message.id);
  }

  /** Queues an unexpected error; duplicate-navigation errors are ignored. */
  report(error: unknown): void {
    const e: ErrorLike | string =
      typeof error === "string"
        ? error
        : error && typeof error === "object"
          ? error
          : String(error);
    if (typeof e !== "string" && isDuplicateNavigation(e)) return;
    const text = errorText(e);
    if (text) this.show(text);
  }

  dismiss(id?: number): void {
    if (id === undefined) this.queue.shift();
    else this.queue = this.queue.filter((q) => q.id !== id);
  }
}
