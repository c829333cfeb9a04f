/**
 * What publish reads of a built bundle, checked before anything is uploaded: the build manifest
 * is read as data from someone else's hands (a CI artifact, a shard merged from another runner),
 * so every file it names must be a regular file inside `dist/<id>/`, with the size and sha256 it
 * claims; the folder holds nothing else (no symbolic link, no file the manifest leaves out).
 * Object keys and release names are built from these verified hashes only.
 */
import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";
import { isAbsolute, join, posix } from "node:path";
import { type BuildManifest, MANIFEST_FILE } from "../build/manifest.ts";
import { quoted } from "../config/tenants-dir.ts";

const SHA256 = /^[0-9a-f]{64}$/;
/** A manifest larger than this is not one this CLI wrote (a bundle lists a few hundred files). */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/** A path inside the bundle as the build writes it: relative, `/`-separated, no `..` or `.`. */
export function bundlePathProblem(path: unknown): string | null {
  if (typeof path !== "string" || path === "") return "not a file path";
  if (isAbsolute(path) || path.startsWith("/") || path.includes("\\") || path.includes("\0"))
    return "not a relative path inside the bundle";
  if (path.split("/").some((part) => part === "" || part === "." || part === ".."))
    return "not a relative path inside the bundle";
  if (posix.normalize(path) !== path) return "not a relative path inside the bundle";
  return null;
}

function entryProblem(entry: unknown): string | null {
  if (!entry || typeof entry !== "object") return "an entry that is not a file";
  const f = entry as Record<string, unknown>;
  const path = bundlePathProblem(f.path);
  if (path) return `${quoted(String(f.path))}: ${path}`;
  if (typeof f.sha256 !== "string" || !SHA256.test(f.sha256))
    return `${quoted(String(f.path))}: its sha256 is not 64 hexadecimal digits`;
  if (!Number.isSafeInteger(f.bytes) || (f.bytes as number) < 0)
    return `${quoted(String(f.path))}: its size is not a number of bytes`;
  return null;
}

/**
 * Reads `dist/<id>/build-manifest.json` and checks its shape (every path inside the bundle,
 * every hash a sha256); throws with what is wrong. Its files are checked by verifyBundle.
 */
export async function bundleManifest(distDir: string, id: string): Promise<BuildManifest> {
  const file = join(distDir, id, MANIFEST_FILE);
  let data: unknown;
  try {
    const stat = await lstat(file);
    if (!stat.isFile()) throw new Error("not a file");
    if (stat.size > MAX_MANIFEST_BYTES) throw new Error("too large");
    data = JSON.parse(await readFile(file, "utf8"));
  } catch {
    throw new Error(`${file} not found or unreadable: run storefront build ${id} first`);
  }
  const m = data as Partial<BuildManifest> | null;
  if (!m || typeof m !== "object" || !Array.isArray(m.files) || m.files.length === 0)
    throw new Error(`${file} lists no files: not a build manifest; run storefront build ${id}`);
  if (m.tenant !== id)
    throw new Error(`${file} is the manifest of ${quoted(String(m.tenant))}, not of ${id}`);
  const seen = new Set<string>();
  for (const entry of m.files) {
    const problem = entryProblem(entry);
    if (problem) throw new Error(`${file}: ${problem}; ${id} is refused`);
    if (seen.has(entry.path)) throw new Error(`${file}: ${quoted(entry.path)} is listed twice`);
    seen.add(entry.path);
  }
  if (seen.has(MANIFEST_FILE)) throw new Error(`${file}: lists itself`);
  return m as BuildManifest;
}

/** Every file and link under `dir`, relative with `/`; throws on a link or a special file. */
async function walk(root: string, rel = ""): Promise<string[]> {
  const found: string[] = [];
  for (const e of await readdir(join(root, rel), { withFileTypes: true })) {
    const path = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) found.push(...(await walk(root, path)));
    else if (e.isFile()) found.push(path);
    else if (e.isSymbolicLink())
      throw new Error(
        `${join(root, path)} is a symbolic link: a bundle holds files only (rebuild it)`,
      );
    else throw new Error(`${join(root, path)} is not a regular file: a bundle holds files only`);
  }
  return found;
}

/**
 * Checks that `dist/<id>/` is exactly what its manifest lists, byte for byte: before anything of
 * it is uploaded. Throws, naming the file, on anything else.
 */
export async function verifyBundle(
  distDir: string,
  id: string,
  manifest: BuildManifest,
): Promise<void> {
  const bundle = join(distDir, id);
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const path of await walk(bundle)) {
    if (path !== MANIFEST_FILE && !listed.has(path))
      throw new Error(`${join(bundle, path)} is not in its build manifest: rebuild ${id}`);
  }
  for (const f of manifest.files) {
    const file = join(bundle, f.path);
    const stat = await lstat(file).catch(() => null);
    if (!stat?.isFile())
      throw new Error(`${file} is listed in its build manifest but missing: rebuild ${id}`);
    const bytes = await readFile(file);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (bytes.length !== f.bytes || sha256 !== f.sha256)
      throw new Error(
        `${file} differs from its build manifest (sha256 ${sha256}, listed ${f.sha256}): rebuild ${id}`,
      );
  }
}
