/**
 * Where a file target's folders are: this machine (a web root on the CI runner, a mounted
 * volume) or another one over SSH (the system's `ssh` and `rsync`). A Host offers the few file
 * operations a release needs; each is atomic where the release model needs it to be (a
 * finished upload appears by one rename, `current` changes by one rename).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import {
  chmod,
  cp,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface Host {
  /** How the target is named to the user ("/srv/www", "deploy@web1:/srv/www"). */
  label: string;
  readText(path: string): Promise<string | null>;
  readLink(path: string): Promise<string | null>;
  exists(path: string): Promise<boolean>;
  /** The names of the folders directly in `path` (not links; none if it is missing). */
  folders(path: string): Promise<string[]>;
  /**
   * Writes a small file by a rename, so a reader sees the old or the new text, never half;
   * `mode` 0o600 for a secret (no moment when another user may read it).
   */
  writeAtomic(path: string, text: string, mode?: number): Promise<void>;
  /**
   * Copies a local folder to `dest`, which must not exist yet: into a temporary name beside it,
   * renamed when complete. Files equal to ones in `linkFrom` (an earlier release) may be linked.
   */
  upload(localDir: string, dest: string, linkFrom: string | null): Promise<void>;
  /** Hard-links every file of `from` into `into` (same names), keeping files already there. */
  linkTree(from: string, into: string): Promise<void>;
  /** Points the symlink `path` at `target` by renaming a new link over it (atomic). */
  switchLink(path: string, target: string): Promise<void>;
  remove(paths: string[]): Promise<void>;
  /** Runs a program on that machine (nginx, ps). Rejects with its stderr on a non-zero exit. */
  exec(argv: string[]): Promise<{ stdout: string; stderr: string }>;
  close(): Promise<void>;
}

const tempName = (path: string) =>
  join(dirname(path), `.${path.split("/").pop()}.tmp-${process.pid}`);

function run(file: string, args: string[], input?: string) {
  return new Promise<{ stdout: string; stderr: string }>((done, fail) => {
    const child = execFile(file, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const why = String(stderr).trim() || error.message;
        fail(new Error(`${file} failed: ${why.split("\n").slice(-3).join(" ")}`));
      } else done({ stdout: String(stdout), stderr: String(stderr) });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === "ENOENT";

/** Folders on this machine. */
export class LocalHost implements Host {
  constructor(readonly label: string) {}

  async readText(path: string) {
    try {
      return await readFile(path, "utf8");
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async readLink(path: string) {
    try {
      return await readlink(path);
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async exists(path: string) {
    return lstat(path).then(
      () => true,
      () => false,
    );
  }

  async folders(path: string) {
    try {
      const entries = await readdir(path, { withFileTypes: true });
      return entries.filter((e) => e.isDirectory()).map((e) => e.name);
    } catch (e) {
      if (missing(e)) return [];
      throw e;
    }
  }

  async writeAtomic(path: string, text: string, mode?: number) {
    await mkdir(dirname(path), { recursive: true });
    const temp = tempName(path);
    await rm(temp, { force: true });
    // Created with its mode (the umask can only take permissions away), then made exact.
    await writeFile(temp, text, mode === undefined ? {} : { mode, flag: "wx" });
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, path);
  }

  async upload(localDir: string, dest: string, _linkFrom: string | null) {
    await mkdir(dirname(dest), { recursive: true });
    const temp = tempName(dest);
    await rm(temp, { recursive: true, force: true });
    await cp(localDir, temp, { recursive: true });
    await rename(temp, dest);
  }

  async linkTree(from: string, into: string) {
    for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const source = join(entry.parentPath, entry.name);
      const to = join(into, source.slice(from.length + 1));
      await mkdir(dirname(to), { recursive: true });
      await link(source, to).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "EEXIST") throw e;
      });
    }
  }

  async switchLink(path: string, target: string) {
    const temp = tempName(path);
    await rm(temp, { force: true });
    await symlink(target, temp);
    await rename(temp, path);
  }

  async remove(paths: string[]) {
    for (const p of paths) await rm(p, { recursive: true, force: true });
  }

  exec(argv: string[]) {
    const [file, ...args] = argv;
    if (!file) throw new Error("nothing to run");
    return run(file, args);
  }

  async close() {}
}

/** A word for a POSIX shell: single-quoted, so nothing in it is interpreted. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Folders on another machine, through `ssh` (one shared connection for the whole run) and
 * `rsync`. `sshOptions` are extra arguments for ssh (port, key, known-hosts settings).
 */
export class SshHost implements Host {
  readonly label: string;
  private readonly controlDir = mkdtempSync(join(tmpdir(), "storefront-ssh-control-"));
  private readonly ssh: string[];

  constructor(
    private readonly destination: string,
    root: string,
    sshOptions: string[],
  ) {
    this.label = `${destination}:${root}`;
    this.ssh = [
      ...sshOptions,
      "-o",
      "BatchMode=yes",
      "-o",
      "ControlMaster=auto",
      "-o",
      `ControlPath=${join(this.controlDir, "%C")}`,
      "-o",
      "ControlPersist=60",
    ];
  }

  /** Runs a shell script on the host; `input` goes to its stdin. */
  private sh(script: string, input?: string) {
    return run("ssh", [...this.ssh, this.destination, script], input);
  }

  async readText(path: string) {
    const q = shellQuote(path);
    const { stdout } = await this.sh(`if [ -f ${q} ]; then printf y; cat ${q}; else printf n; fi`);
    return stdout.startsWith("y") ? stdout.slice(1) : null;
  }

  async readLink(path: string) {
    const q = shellQuote(path);
    const { stdout } = await this.sh(
      `if [ -L ${q} ]; then printf y; readlink ${q}; else printf n; fi`,
    );
    return stdout.startsWith("y") ? stdout.slice(1).replace(/\n$/, "") : null;
  }

  async exists(path: string) {
    const { stdout } = await this.sh(`[ -e ${shellQuote(path)} ] && printf y || printf n`);
    return stdout === "y";
  }

  async folders(path: string) {
    const q = shellQuote(path);
    // NUL-separated: a name cannot hold a NUL, so no name can read as two.
    const { stdout } = await this.sh(
      `if [ -d ${q} ]; then find ${q} -mindepth 1 -maxdepth 1 -type d -printf '%f\\0'; fi`,
    );
    return stdout.split("\0").filter((name) => name !== "");
  }

  async writeAtomic(path: string, text: string, mode?: number) {
    const temp = shellQuote(tempName(path));
    // With a mode: written under umask 077 (no moment readable by others), then made exact.
    const write =
      mode === undefined
        ? `cat > ${temp}`
        : `rm -f ${temp} && (umask 077 && cat > ${temp}) && chmod ${mode.toString(8)} ${temp}`;
    await this.sh(
      `mkdir -p ${shellQuote(dirname(path))} && ${write} && mv -f ${temp} ${shellQuote(path)}`,
      text,
    );
  }

  async upload(localDir: string, dest: string, linkFrom: string | null) {
    const temp = tempName(dest);
    await this.sh(`mkdir -p ${shellQuote(dirname(dest))} && rm -rf ${shellQuote(temp)}`);
    const rsh = ["ssh", ...this.ssh].map(shellQuote).join(" ");
    await run("rsync", [
      "-a",
      "--checksum",
      ...(linkFrom ? [`--link-dest=${linkFrom}`] : []),
      "-e",
      rsh,
      `${localDir}/`,
      `${this.destination}:${temp}/`,
    ]);
    await this.sh(`mv ${shellQuote(temp)} ${shellQuote(dest)}`);
  }

  async linkTree(from: string, into: string) {
    // GNU cp: -l links instead of copying, -n keeps what is there.
    await this.sh(
      `mkdir -p ${shellQuote(into)} && cp -Rln ${shellQuote(`${from}/.`)} ${shellQuote(`${into}/`)}`,
    );
  }

  async switchLink(path: string, target: string) {
    const temp = shellQuote(tempName(path));
    // mv -T renames the new link over the old one (rename(2)); ln -sfn would unlink first.
    await this.sh(
      `rm -f ${temp} && ln -s ${shellQuote(target)} ${temp} && mv -Tf ${temp} ${shellQuote(path)}`,
    );
  }

  async remove(paths: string[]) {
    if (paths.length) await this.sh(`rm -rf ${paths.map(shellQuote).join(" ")}`);
  }

  exec(argv: string[]) {
    return this.sh(argv.map(shellQuote).join(" "));
  }

  async close() {
    await run("ssh", [...this.ssh, "-O", "exit", this.destination]).catch(() => {});
    rmSync(this.controlDir, { recursive: true, force: true });
  }
}
