/**
 * What a long-running `storefront dev` reuses from one rebuild of a tenant to the next, in
 * memory: a prerendered page (a pure function of the core, the settings, the language and the
 * page), the privacy policy PDFs (of the tenant's name, support and privacy fields) and the
 * offer PDFs (of its name, support, currencies, card note and offer fields). A new colour
 * changes none of them, so the rebuild after it renders no page and no PDF: only the theme.
 * The core build is kept too, until the core's sources change. `storefront build` has no memo:
 * every build checks and renders everything.
 */

/** The last `limit` results by key, with a count of what was made and what was reused. */
export class Memo<T> {
  made = 0;
  reused = 0;
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly limit: number) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      this.reused++;
      // Most recently used last: the oldest goes first when the memo is full.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    this.made++;
    const made = make();
    // A failed result is not kept: the next rebuild tries again.
    made.catch(() => this.entries.delete(key));
    this.entries.set(key, made);
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return made;
  }
}

/** The core build a rebuild used, and the hashes of the core's and the renderer's inputs. */
export interface KnownCore {
  coreHash: string;
  renderHash: string;
  build: import("./core.ts").CoreBuild;
}

export class RenderMemo {
  /**
   * Taken as it is by the next rebuild (no hashing of the core's sources, no cache check):
   * `dev` forgets it whenever its watcher sees the core's sources or templates/ change.
   */
  core: KnownCore | null = null;
  /** A tenant's pages in every language (a few dozen), twice over for an edit and its undo. */
  readonly pages = new Memo<import("../../storefront/src/prerender.tsx").PrerenderedPage>(256);
  readonly policies = new Memo<Map<string, Uint8Array>>(8);
  readonly offers = new Memo<Map<string, Uint8Array>>(8);

  /** Counts forgetCore calls: a rebuild that began before one keeps nothing it found. */
  epoch = 0;

  forgetCore(): void {
    this.core = null;
    this.epoch++;
  }
}
