/**
 * What the preview refuses before anything else looks at a request. It is a support tool on a
 * laptop, so: only its own Host names (a page on another name that resolves to 127.0.0.1 —
 * DNS rebinding — gets 421, never the demo user's data), never the deploy files of the bundle,
 * and a loud warning when it is bound beyond the loopback interface.
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { hostname, networkInterfaces } from "node:os";
import { MANIFEST_FILE } from "../build/manifest.ts";
import { DEPLOY_FILE_NAMES } from "../build/security-headers.ts";

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
const WILDCARDS = new Set(["0.0.0.0", "::", "[::]", ""]);

const bracket = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/** Whether a --host value keeps the preview on this machine. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** A line for stderr when the preview is reachable from other machines, else null. */
export function exposureWarning(host: string, exposes?: string): string | null {
  if (isLoopback(host)) return null;
  return [
    `WARNING: the preview listens on ${host}, beyond this machine.`,
    "  The demo is not for networks. It is a local support tool: its demo backend and identity",
    "  provider have a known demo user and no real security, and what visitors enter (orders,",
    "  e-mails, selfies) stays in its memory. Anyone who can reach this port can use them.",
    ...(exposes ? [`  It also serves ${exposes} to them.`] : []),
    "  Use the default --host 127.0.0.1 unless you know the network is yours alone.",
  ].join("\n");
}

/** The Host header values (name:port, lower case) the preview answers to. */
export function allowedHosts(host: string, port: number): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const given = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (WILDCARDS.has(given)) {
    // Bound to every interface: its own addresses and machine name, nothing else.
    for (const list of Object.values(networkInterfaces())) {
      for (const info of list ?? []) names.add(bracket(info.address.toLowerCase()));
    }
    names.add(hostname().toLowerCase());
  } else {
    names.add(bracket(given));
  }
  const values = new Set<string>();
  for (const name of names) {
    values.add(`${name}:${port}`);
    if (port === 80) values.add(name);
  }
  return values;
}

/** 421 when the request names another host (or none), else null. */
export function hostProblem(allowed: Set<string>, req: IncomingMessage): string | null {
  const host = req.headers.host?.toLowerCase();
  if (!host) return "a Host header is required";
  return allowed.has(host)
    ? null
    : `this preview does not answer to the host ${JSON.stringify(host)}`;
}

/** Deploy files of the bundle: for the operator, never served by the preview (nor by nginx). */
const DEPLOY_FILES = new Set([...DEPLOY_FILE_NAMES, MANIFEST_FILE].map((name) => `/${name}`));

/**
 * Whether a normalised request path (./request-target.ts: decoded, dots resolved, slashes
 * merged) names a deploy file, in any case and with a trailing slash: they stay 404 however
 * spelled, and never fall through to the app page.
 */
export function isDeployFile(path: string): boolean {
  return DEPLOY_FILES.has(path.replace(/\/$/, "").toLowerCase());
}

/**
 * The prerendered pages under /_pages/ are answered at app addresses only (in the visitor's
 * language, with its Content-Language), never by their own name; nginx.conf marks the folder
 * `internal`.
 */
export function isInternalPath(path: string): boolean {
  return path.toLowerCase().startsWith("/_pages/");
}
