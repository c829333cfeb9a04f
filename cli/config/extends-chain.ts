/**
 * Follows a tenant file's `extends` to the files it inherits from, each confined to the tenants
 * folder; what is wrong with a link of the chain is placed where that `extends` is written.
 */
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { inside } from "./assets.ts";
import { describeValue } from "./errors.ts";
import { EXTENDS_KEY, isMapValue, type Layer, MAX_EXTENDS_DEPTH } from "./extends.ts";
import { offsetOfPath, positionAt } from "./locate.ts";
import type { ConfigProblem } from "./problem.ts";
import { TENANT_ID_RE } from "./schema.ts";
import { readLayer } from "./tenant-file.ts";
import { missingFileMessage, shownPath } from "./tenants-dir.ts";

type Chain = { ok: true; layers: Layer[] } | { ok: false; problems: ConfigProblem[] };

/**
 * The tenant file and the files it extends, child first. A base is another tenant of the same
 * folder, named by its id (so no path can reach outside it), and its real file must be inside
 * the folder too (no symbolic link out); a cycle and a chain longer than MAX_EXTENDS_DEPTH are
 * refused where the `extends` that closes or lengthens it is written.
 */
export async function resolveChain(tenantsDir: string, first: Layer): Promise<Chain> {
  const layers = [first];
  const shownDir = shownPath(tenantsDir);
  let realDir = tenantsDir;
  try {
    realDir = await realpath(tenantsDir);
  } catch {
    // The folder was readable a moment ago; keep the resolved path.
  }
  for (;;) {
    const cur = layers.at(-1) as Layer;
    if (!isMapValue(cur.data) || !Object.hasOwn(cur.data, EXTENDS_KEY)) return { ok: true, layers };
    const value = cur.data[EXTENDS_KEY];
    const refuse = async (message: string): Promise<ConfigProblem> => ({
      file: cur.file,
      ...positionAt(cur.lc, offsetOfPath(cur.doc, [EXTENDS_KEY])),
      path: EXTENDS_KEY,
      message,
    });
    const stop = async (message: string): Promise<Chain> => ({
      ok: false,
      problems: [await refuse(message)],
    });
    if (typeof value !== "string" || !TENANT_ID_RE.test(value)) {
      return stop(
        `expected the id of another tenant in ${shownDir}/ (e.g. mysport), received ${describeValue(value)}`,
      );
    }
    if (layers.some((l) => l.id === value)) {
      const cycle = [...layers.map((l) => l.id), value].join(" → ");
      return stop(`extends makes a cycle (${cycle}); a tenant cannot inherit from itself`);
    }
    if (layers.length > MAX_EXTENDS_DEPTH) {
      const chain = [...layers.map((l) => l.id), value].join(" → ");
      return stop(
        `a chain of more than ${MAX_EXTENDS_DEPTH} extends (${chain}); expected at most ${MAX_EXTENDS_DEPTH} — write the values in a nearer base`,
      );
    }
    const abs = join(tenantsDir, `${value}.yaml`);
    const file = shownPath(abs);
    const missing = async () =>
      refuse(`${await missingFileMessage(tenantsDir, file, value)}; extends names a tenant id`);
    try {
      if (!inside(realDir, await realpath(abs))) {
        return stop(
          `${file} leads outside ${shownDir}/ through a symbolic link; a base must be a tenant file inside it`,
        );
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT")
        return { ok: false, problems: [await missing()] };
      return stop(
        `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
    const parsed = await readLayer(value, abs, file, missing);
    if (!parsed.ok) return parsed;
    layers.push(parsed.layer);
  }
}
