import { msg } from "@lingui/core/macro";
import { makeAutoObservable } from "mobx";
import {
  type ErrorLike,
  errorText,
  isChunkLoadError,
  isDuplicateNavigation,
} from "../domain/errors.ts";
import type { UserMessage } from "./types.ts";

export interface QueuedError {
  id: number;
  message: UserMessage;
}

/** What the snackbar says for an unexpected error: never the technical text itself. */
export const UNEXPECTED_ERROR_MESSAGES = {
  chunk: msg`Part of the page could not be loaded. Check your connection and reload the page.`,
  other: msg`Something went wrong. Try again or reload the page.`,
};

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
    // Stryker disable next-line UpdateOperator: equivalent, counting down gives unique ids too
    this.queue.push({ id: this.nextId++, message });
    this.lastErrorText = typeof message === "string" ? message : (message.message ?? message.id);
  }

  /**
   * Queues an unexpected error; duplicate-navigation errors are ignored. The last error text
   * keeps the technical text (spec §8); the visitor reads a message in their language instead,
   * once while it is queued.
   */
  report(error: unknown): void {
    const e: ErrorLike | string = error && typeof error === "object" ? error : String(error);
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, a string has no name or message, so it is never a duplicate navigation
    if (typeof e !== "string" && isDuplicateNavigation(e)) return;
    const text = errorText(e);
    if (!text) return;
    const message = isChunkLoadError(e)
      ? UNEXPECTED_ERROR_MESSAGES.chunk
      : UNEXPECTED_ERROR_MESSAGES.other;
    const queued = this.queue.some(
      // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, a string's .id is undefined and never equals a descriptor's id
      (q) => typeof q.message !== "string" && q.message.id === message.id,
    );
    if (!queued) this.show(message);
    this.lastErrorText = text;
  }

  dismiss(id?: number): void {
    if (id === undefined) this.queue.shift();
    else this.queue = this.queue.filter((q) => q.id !== id);
  }
}
