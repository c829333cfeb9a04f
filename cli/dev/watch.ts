/**
 * Watches the files `storefront dev` builds from and reports them in one batch once the burst
 * of save events is over: an editor's save is several events (truncate, write, rename of a
 * temporary file), and a build started at the first would read a half-written file.
 *
 * Single files are watched through their folder (an editor that saves by renaming a new file
 * over the old one replaces the inode a file watch would follow); source trees recursively.
 */
import { type FSWatcher, statSync, watch } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

/** Quiet time after the last event before the batch is reported. */
export const SETTLE_MS = 50;

/**
 * How many more quiet times a batch waits while one of its files is empty: an editor that saves
 * in place truncates the file first and writes it a moment later, which on a busy machine can be
 * more than one quiet time. A file left empty is reported after these.
 */
export const EMPTY_WAITS = 6;

export class DevWatcher {
  private readonly folders = new Map<string, FSWatcher>();
  private readonly trees: FSWatcher[] = [];
  private readonly treeRoots: string[] = [];
  private files = new Set<string>();
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private emptyWaits = 0;

  constructor(
    private readonly onChange: (paths: string[]) => void,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /** Watches every file and folder under `dir` (the core's sources, templates/). */
  watchTree(dir: string): void {
    const root = resolve(dir);
    this.treeRoots.push(root);
    const w = watch(root, { recursive: true }, (_event, name) => {
      if (name) this.touch(join(root, name.toString()));
    });
    w.on("error", () => {});
    this.trees.push(w);
  }

  /** Watches exactly these files (absolute paths), replacing the previous list. */
  setFiles(files: Iterable<string>): void {
    this.files = new Set([...files].map((f) => resolve(f)));
    const wanted = new Set([...this.files].map((f) => dirname(f)));
    for (const [dir, w] of this.folders) {
      if (!wanted.has(dir)) {
        w.close();
        this.folders.delete(dir);
      }
    }
    for (const dir of wanted) {
      if (this.folders.has(dir)) continue;
      try {
        const w = watch(dir, (_event, name) => {
          if (name) this.touch(join(dir, name.toString()));
        });
        w.on("error", () => {});
        this.folders.set(dir, w);
      } catch {
        // A folder that does not exist yet: the file's own problem says so.
      }
    }
  }

  private touch(path: string): void {
    const watched =
      this.files.has(path) || this.treeRoots.some((r) => path === r || path.startsWith(r + sep));
    if (!watched) return;
    this.pending.add(path);
    this.arm();
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const batch = [...this.pending];
      if (this.emptyWaits < EMPTY_WAITS && batch.some(isEmptyFile)) {
        this.emptyWaits++;
        return this.arm();
      }
      this.emptyWaits = 0;
      this.pending.clear();
      this.onChange(batch);
    }, this.settleMs);
  }

  close(): void {
    clearTimeout(this.timer);
    for (const w of [...this.folders.values(), ...this.trees]) w.close();
    this.folders.clear();
  }
}

/** A file that exists and has no bytes (a folder, or a file gone, is not). */
function isEmptyFile(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isFile() && stat.size === 0;
  } catch {
    return false;
  }
}
