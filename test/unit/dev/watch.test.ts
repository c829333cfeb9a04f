/**
 * The watcher of `storefront dev` reports a burst of saves as one change, once it is over (a
 * build started at the first event would read a half-written file), follows a file its editor
 * replaces by renaming a new one over it, and ignores files no tenant is built from.
 */
import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DevWatcher } from "../../../cli/dev/watch.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "storefront-watch-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("DevWatcher", () => {
  it("reports a burst of writes to a watched file once, with that file", async () => {
    const file = join(dir, "mysport.yaml");
    const other = join(dir, "notes.txt");
    await writeFile(file, "a: 1\n");
    const batches: string[][] = [];
    let settled: () => void = () => {};
    const done = new Promise<void>((r) => (settled = r));
    // A quiet time long enough that the burst below, written back to back, is never split.
    const watcher = new DevWatcher((paths) => {
      batches.push(paths);
      settled();
    }, 400);
    watcher.setFiles([file]);
    try {
      await writeFile(other, "not an input");
      for (let i = 0; i < 5; i++) await writeFile(file, `a: ${i}\n`);
      await done;
      expect(batches).toEqual([[file]]);
    } finally {
      watcher.close();
    }
  });

  it("sees a file its editor saves by renaming a temporary file over it", async () => {
    const file = join(dir, "ironstar.yaml");
    await writeFile(file, "a: 1\n");
    let seen: string[] = [];
    const done = new Promise<void>((r) => {
      const watcher = new DevWatcher((paths) => {
        seen = paths;
        watcher.close();
        r();
      }, 50);
      watcher.setFiles([file]);
      void writeFile(`${file}.tmp`, "a: 2\n").then(() => rename(`${file}.tmp`, file));
    });
    await done;
    expect(seen).toContain(file);
  });

  it("waits while a saved file is empty (an editor writing in place), and reports it once written", async () => {
    const file = join(dir, "timerman.yaml");
    await writeFile(file, "a: 1\n");
    const batches: { paths: string[]; text: string }[] = [];
    let written = false;
    const done = new Promise<void>((r) => {
      const watcher = new DevWatcher(async (paths) => {
        batches.push({ paths, text: await readFile(file, "utf8") });
        watcher.close();
        r();
      }, 100);
      watcher.setFiles([file]);
      // Truncated, then written only once the watcher has had a quiet time with the file empty
      // (two of the seven it waits, at most).
      void writeFile(file, "").then(async () => {
        await new Promise((t) => setTimeout(t, 2 * 100));
        await writeFile(file, "a: 2\n");
        written = true;
      });
    });
    await done;
    expect(written).toBe(true);
    expect(batches).toEqual([{ paths: [file], text: "a: 2\n" }]);
  });

  it("reports a file left empty after the quiet times it waits", async () => {
    const file = join(dir, "myeventphoto.yaml");
    await writeFile(file, "a: 1\n");
    const seen = await new Promise<string[]>((r) => {
      const watcher = new DevWatcher((paths) => {
        watcher.close();
        r(paths);
      }, 20);
      watcher.setFiles([file]);
      void writeFile(file, "");
    });
    expect(seen).toEqual([file]);
  });
});
