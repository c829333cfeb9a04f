/**
 * Scroll positions per history entry, as a browser keeps them for page loads. The shop uses
 * `<BrowserRouter>` (no data router, so no `<ScrollRestoration>`): a new screen opens at its
 * top, back/forward return to where that entry was left, also after a reload (positions live
 * in sessionStorage). React-free, with its browser access behind a port, so it is unit tested.
 */

/** Where the page is and what it can do; the browser's window in the app, a fake in tests. */
export interface ScrollPort {
  scrollY(): number;
  scrollTo(y: number): void;
  /** Scrolls the element a `#hash` names into view; false when there is none. */
  scrollToHash(hash: string): boolean;
  now(): number;
  storage: Pick<Storage, "getItem" | "setItem"> | null;
}

/** A history entry: React Router's location.key and the address it shows. */
export interface ScrollEntry {
  key: string;
  pathname: string;
  search: string;
  hash: string;
}

/** How the entry was reached: React Router's navigation types, plus the page load itself. */
export type ScrollNavigation = "PUSH" | "REPLACE" | "POP" | "LOAD" | "RELOAD";

export const SCROLL_STORAGE_KEY = "storefront.scroll";
/** Entries kept in sessionStorage (the oldest are dropped). */
export const SCROLL_ENTRIES_KEPT = 50;
/** How long a restoration waits for the page to grow tall enough (lazy screens, data). */
export const RESTORE_WAIT_MS = 3000;

interface Saved {
  path: string;
  y: number;
}

const pathOf = (e: ScrollEntry) => `${e.pathname}${e.search}`;

export class ScrollManager {
  private readonly port: ScrollPort;
  private readonly positions: Map<string, Saved>;
  private current: ScrollEntry | null = null;
  private pending: { y: number; until: number } | null = null;

  constructor(port: ScrollPort) {
    this.port = port;
    this.positions = new Map(readSaved(port.storage));
  }

  /** Where the page should be scrolled now, while a restoration waits for content. */
  get waitingFor(): number | null {
    return this.pending?.y ?? null;
  }

  /** Called on every scroll: the current entry's position. */
  record(): void {
    if (!this.current || this.pending) return;
    this.positions.delete(this.current.key);
    this.positions.set(this.current.key, {
      path: pathOf(this.current),
      y: Math.round(this.port.scrollY()),
    });
  }

  /** Writes the positions to sessionStorage (on navigation and when the page is hidden). */
  persist(): void {
    const kept = [...this.positions].slice(-SCROLL_ENTRIES_KEPT);
    try {
      this.port.storage?.setItem(SCROLL_STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or blocked: positions still work for this page's life.
    }
  }

  /** Called after each location change, and once for the page load. */
  navigate(entry: ScrollEntry, how: ScrollNavigation): void {
    const previous = this.current;
    this.current = entry;
    this.pending = null;
    const saved = this.positions.get(entry.key);
    const savedY = saved && saved.path === pathOf(entry) ? saved.y : null;
    switch (how) {
      case "LOAD":
        // A fresh load starts where the browser put it (the top, or a #hash).
        return;
      case "RELOAD":
        if (savedY !== null) this.restore(savedY);
        return;
      case "POP":
        this.restore(savedY ?? 0);
        break;
      case "REPLACE":
        // The same screen changing its query (a tab, a filter) stays where it is.
        if (previous && previous.pathname === entry.pathname) {
          this.record();
          break;
        }
        this.top(entry);
        break;
      case "PUSH":
        this.top(entry);
        break;
    }
    this.persist();
  }

  /** The page grew or changed: one more try at a waiting restoration. True while it waits. */
  retry(): boolean {
    const p = this.pending;
    if (!p) return false;
    if (this.port.now() > p.until) {
      this.pending = null;
      this.record();
      return false;
    }
    this.port.scrollTo(p.y);
    if (this.port.scrollY() >= p.y - 1) {
      this.pending = null;
      this.record();
      return false;
    }
    return true;
  }

  /** The visitor scrolled, tapped or pressed a key: their position wins over a restoration. */
  cancel(): void {
    if (!this.pending) return;
    this.pending = null;
    this.record();
  }

  private top(entry: ScrollEntry): void {
    if (entry.hash && this.port.scrollToHash(entry.hash)) return;
    this.port.scrollTo(0);
  }

  private restore(y: number): void {
    this.port.scrollTo(y);
    if (this.port.scrollY() >= y - 1) return;
    // Not tall enough yet (a lazy screen, photos still loading): retry as the page grows.
    this.pending = { y, until: this.port.now() + RESTORE_WAIT_MS };
  }
}

function readSaved(storage: ScrollPort["storage"]): [string, Saved][] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SCROLL_STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (row): row is [string, Saved] =>
        Array.isArray(row) &&
        typeof row[0] === "string" &&
        typeof row[1]?.path === "string" &&
        Number.isFinite(row[1]?.y),
    );
  } catch {
    return [];
  }
}
