/**
 * Every port the test suite listens on, in one plan derived from E2E_PORT_BASE, so two full
 * runs (two clones, each with its own base at least PORT_SPAN apart) share one machine without
 * taking each other's ports. A server is never given a port probed free by binding port 0 and
 * closing it: between the probe and the server's own bind, a busy machine's outgoing
 * connections draw their source ports from that same ephemeral range (32768–60999 on Linux),
 * so a second run's traffic could take it. The plan stays below the ephemeral range.
 * `test/unit/tooling/ports.test.ts` scans test/ and scripts/ and fails on any port not from here.
 */

/** The first port of the plan (default 4301); the five tenant previews start here. */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4301);
/** The ports one run may take: [PORT_BASE, PORT_BASE + PORT_SPAN). */
export const PORT_SPAN = 70;

/** Playwright workers the plan has room for (playwright.config.ts runs 2). */
export const E2E_WORKER_SLOTS = 2;
/** Ports of one Playwright worker (e2eWorkerPorts). */
const PER_WORKER = 16;

/** Where each user of ports starts, relative to the base, and how many ports it takes. */
export const PORT_PLAN = {
  /** The five tenant previews of playwright.config.ts (test/e2e/tenants.ts). */
  tenants: { offset: 0, count: 5 },
  /** `storefront dev mysport` (dev.spec.ts). */
  dev: { offset: 5, count: 1 },
  /** `storefront preview --all` (all-tenants.spec.ts). */
  previewAll: { offset: 6, count: 1 },
  /** `storefront dev --all` (dev-all.spec.ts). */
  devAll: { offset: 7, count: 1 },
  /** `storefront dev mysport --core` (dev-core.spec.ts). */
  devCore: { offset: 8, count: 1 },
  /** `storefront preview --all` with a forced-language host alias (forced-language-host.spec.ts). */
  forcedLanguageHost: { offset: 9, count: 1 },
  /** Per Playwright worker, by its parallelIndex (e2eWorkerPorts). */
  playwrightWorkers: { offset: 10, count: E2E_WORKER_SLOTS * PER_WORKER },
  /** sshd of the publish-over-SSH unit test (test/unit/publish/ssh-target.test.ts). */
  unitSshd: { offset: 42, count: 1 },
  /** nginx of the zero-downtime unit test (test/unit/publish/zero-downtime.test.ts). */
  unitNginx: { offset: 43, count: 1 },
  /** nginx serving a live release and its deploy previews (test/unit/publish/previews.test.ts). */
  unitPreviewNginx: { offset: 44, count: 1 },
  /**
   * The one Ceph cluster of the daemons project (test/unit/publish/daemons.setup.ts): +0 monitor,
   * +1 gateway, +2..+6 the OSD; +7..+9 are s3-publish.test.ts's own (proxies, a closed port).
   */
  unitCeph: { offset: 50, count: 10 },
  /** nginx in front of the store (s3-zero-downtime.test.ts). */
  unitS3Nginx: { offset: 60, count: 1 },
} as const satisfies Record<string, { offset: number; count: number }>;

type SinglePort = {
  [K in keyof typeof PORT_PLAN]: (typeof PORT_PLAN)[K]["count"] extends 1 ? K : never;
}[keyof typeof PORT_PLAN];

/** The port of a single-port user of the plan. */
/** The first port of a block of the plan. */
export function planBlock(name: keyof typeof PORT_PLAN): number {
  return PORT_BASE + PORT_PLAN[name].offset;
}

export function planPort(name: SinglePort): number {
  return PORT_BASE + PORT_PLAN[name].offset;
}

/** An nginx serving every tenant: one port each (five, in TENANT_PORTS' order) and a shared one. */
export interface NginxPorts {
  tenants: number[];
  shared: number;
}

/**
 * The ports of one Playwright worker (its parallelIndex), sixteen in all. A worker runs one
 * test at a time, but its worker-scoped nginx stays up while a test starts another (the
 * Brotli one), so each server of a worker has its own ports; two workers never share one
 * (with `fullyParallel`, tests of one file run in both workers at once).
 */
export function e2eWorkerPorts(parallelIndex: number) {
  if (!Number.isInteger(parallelIndex) || parallelIndex < 0 || parallelIndex >= E2E_WORKER_SLOTS)
    throw new Error(
      `the port plan (test/ports.ts) has room for ${E2E_WORKER_SLOTS} Playwright workers, not ${parallelIndex + 1}`,
    );
  const first = PORT_BASE + PORT_PLAN.playwrightWorkers.offset + parallelIndex * PER_WORKER;
  const nginx = (at: number): NginxPorts => ({
    tenants: [0, 1, 2, 3, 4].map((i) => at + i),
    shared: at + 5,
  });
  return {
    /** The worker's nginx with every tenant (the `nginx` fixture of nginx-server.ts). */
    nginx: nginx(first),
    /** A test's own nginx with every tenant, beside the worker's (precompressed.spec.ts). */
    nginxOfTest: nginx(first + 6),
    /** nginx with TLS (nginx-tls.spec.ts). */
    tlsHttp: first + 12,
    tlsHttps: first + 13,
    /** `wrangler pages dev` and its inspector (hosts.spec.ts). */
    wrangler: first + 14,
    wranglerInspector: first + 15,
  };
}
