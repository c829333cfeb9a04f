/**
 * The nginx that serves a target's tenants: its configuration is tested before anything is
 * switched, and a reload is complete only when no worker of the old configuration is left
 * (a request such a worker still answered would carry the old CSP).
 */
import type { Host } from "./host.ts";

export interface NginxOptions {
  /** The nginx program (default: nginx on the PATH). */
  binary: string;
  /** The main configuration file, if not nginx's default (`-c`). */
  conf?: string;
  /** Reload after the tenant's server block changed (before `current` is switched). */
  reload: boolean;
}

/** What a publish needs of the web server: a test of the configuration, and a reload. */
export interface ServerControl {
  /** Throws, with nginx's own words, when the configuration as written now is refused. */
  test(): Promise<void>;
  /** Makes the configuration as written now the one every request is answered with. */
  reload(): Promise<void>;
}

/** How many times, 50 ms apart, the old workers are looked for after a reload (10 s). */
const RELOAD_POLLS = 200;

interface Proc {
  pid: number;
  ppid: number;
  args: string;
}

export class Nginx implements ServerControl {
  constructor(
    private readonly host: Host,
    private readonly options: NginxOptions,
  ) {}

  private args(): string[] {
    return this.options.conf ? ["-c", this.options.conf] : [];
  }

  async test() {
    await this.host.exec([this.options.binary, "-t", "-q", ...this.args()]).catch((e: Error) => {
      throw new Error(
        `nginx -t refused the configuration: ${e.message.replace(/^\S+ failed: /, "")}`,
      );
    });
  }

  /** This nginx's worker processes (children of its master). */
  private async workers(): Promise<number[]> {
    const { stdout } = await this.host.exec(["ps", "-eo", "pid=,ppid=,args="]);
    const procs: Proc[] = stdout
      .split("\n")
      .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? "" }));
    const conf = this.options.conf;
    const all = procs.filter((p) => p.args.startsWith("nginx: master process"));
    // The master started with this configuration file; any nginx master when none names it
    // (started with a relative path, or by the distribution's service with its default).
    const named = all.filter((p) => conf && p.args.includes(conf));
    const masters = new Set((named.length ? named : all).map((p) => p.pid));
    return procs.filter((p) => masters.has(p.ppid)).map((p) => p.pid);
  }

  async reload() {
    if (!this.options.reload) return;
    const before = await this.workers();
    await this.host.exec([this.options.binary, "-s", "reload", ...this.args()]);
    // No worker to watch (nginx in another container's process table): the signal is all.
    if (before.length === 0) return;
    for (let i = 0; i < RELOAD_POLLS; i++) {
      const now = new Set(await this.workers());
      // The master starts the new workers before it tells the old ones to finish.
      if (now.size > 0 && !before.some((pid) => now.has(pid))) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("nginx did not finish its reload within 10 s (old workers still running)");
  }
}

/** No server to drive: the files are published, the operator reloads. */
export const NO_SERVER: ServerControl = { test: async () => {}, reload: async () => {} };
