// Object-storage publish figures for `npm run bench` (--only s3): generated tenants (1,000 by
// default, STOREFRONT_BENCH_S3_TENANTS to change) built, then published with the bundled CLI to a
// real S3-compatible store (Ceph's RADOS Gateway on loopback, as the tests start it): the first
// publish of all (with the repository's own tenants, which some of them extend; bytes uploaded ÷ distinct bytes, time, peak memory), a republish of all after
// one tenant's colour changed (objects uploaded, time), and a rollback of that tenant.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseDocument } from "yaml";
import { generateTenants } from "./bench-tenants.js";

const run = promisify(execFile);
const COUNT = Number(process.env.STOREFRONT_BENCH_S3_TENANTS ?? 1000);
/** The bench's own cluster ports (it runs alone, never beside the test suite). */
const PORT_BASE = Number(process.env.BENCH_S3_PORT_BASE ?? 4651);
const BUCKET = "storefront-bench";
/** Prints the process's peak resident memory when it exits (Node's own rusage, in KiB). */
const PEAK_RSS = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\npeak-rss-kib "+process.resourceUsage().maxRSS+"\\n"))`;

/** One `storefront …` run with the store's credentials: seconds, peak MiB, its JSON report. */
async function storefront(args, env) {
  const started = performance.now();
  const { stdout, stderr } = await run(
    process.execPath,
    ["--import", PEAK_RSS, "cli/bin.js", ...args],
    { maxBuffer: 256 * 1024 * 1024, env: { ...process.env, ...env } },
  ).catch((e) => {
    throw new Error(
      `storefront ${args[0]} failed (exit ${e.code}):\n${String(e.stderr).slice(-800)}`,
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const rss = Number(/peak-rss-kib (\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
  return { seconds, rss, report: stdout.trim().startsWith("{") ? JSON.parse(stdout) : null };
}

export async function benchS3() {
  // The SDK's notice that its 2027 releases need Node 22 (the CLI silences it the same way).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= "true";
  // The Ceph starter and the object keys are TypeScript (shared with the tests).
  const { register } = await import("tsx/esm/api");
  register();
  const { startCeph } = await import("../test/unit/publish/ceph.ts");
  const { S3Target } = await import("../cli/publish/s3.ts");
  const { S3Client, CreateBucketCommand } = await import("@aws-sdk/client-s3");
  const work = await mkdtemp(join(tmpdir(), "storefront-bench-s3-"));
  const ceph = await startCeph(PORT_BASE);
  // Stopped, the bench stops the store's daemons too.
  const interrupted = () => process.exit(130);
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    const client = new S3Client({
      endpoint: ceph.endpoint,
      forcePathStyle: true,
      region: "us-east-1",
      credentials: { accessKeyId: ceph.accessKeyId, secretAccessKey: ceph.secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    client.destroy();
    const tenantsDir = join(work, "tenants");
    const distDir = join(work, "dist");
    await generateTenants(tenantsDir, COUNT);
    await storefront(["build", "--all", "--tenants-dir", tenantsDir, "--out-dir", distDir], {});
    const publish = (extra = []) =>
      storefront(
        [
          "publish",
          "--all",
          "--to",
          `s3://${BUCKET}/bench`,
          "--endpoint",
          ceph.endpoint,
          "--tenants-dir",
          tenantsDir,
          "--out-dir",
          distDir,
          "--json",
          ...extra,
        ],
        ceph.env,
      );
    const tenantIds = (await readdir(tenantsDir))
      .filter((f) => f.endsWith(".yaml"))
      .map((f) => f.slice(0, -5));
    // Distinct bytes: every served file of every tenant, once per object key.
    const distinct = new Map();
    const keysOf = async (id) => {
      const m = JSON.parse(await readFile(join(distDir, id, "build-manifest.json"), "utf8"));
      const objects = S3Target.objectsOf(m);
      const sizes = new Map(m.files.map((f) => [f.path, f.bytes]));
      return Object.entries(objects).map(([path, key]) => [key, sizes.get(path)]);
    };
    for (const id of tenantIds) for (const [k, b] of await keysOf(id)) distinct.set(k, b);
    const distinctBytes = [...distinct.values()].reduce((a, b) => a + b, 0);

    const first = await publish();
    const sum = (r, f) => r.report.tenants.reduce((a, t) => a + (t.uploaded?.[f] ?? 0), 0);
    if (!first.report?.ok) throw new Error("the first publish failed");
    const firstBytes = sum(first, "bytes");

    // One tenant's colour changes: built again (only that one), then all published again.
    const changed = "bench-0007";
    const file = join(tenantsDir, `${changed}.yaml`);
    const doc = parseDocument(await readFile(file, "utf8"));
    doc.setIn(["theme", "palette", "primary"], "#2e7d32");
    await writeFile(file, String(doc));
    const before = new Set(distinct.keys());
    await storefront(["build", "--all", "--tenants-dir", tenantsDir, "--out-dir", distDir], {});
    const expected = new Set((await keysOf(changed)).map(([k]) => k).filter((k) => !before.has(k)))
      .size;
    const again = await publish();
    const objectsAgain = sum(again, "objects");
    if (!again.report?.ok) throw new Error("the republish failed");

    const rollback = await storefront(
      ["rollback", changed, "--to", `s3://${BUCKET}/bench`, "--endpoint", ceph.endpoint, "--json"],
      ceph.env,
    );
    return [
      {
        name: `publish ${COUNT} tenants to S3 (Ceph RGW): bytes uploaded ÷ distinct bytes`,
        value: firstBytes / distinctBytes,
        unit: "×",
        target: 1.05,
      },
      { name: "  its time", value: first.seconds, unit: "s" },
      { name: "  its peak memory", value: first.rss, unit: "MiB" },
      { name: "  distinct objects", value: distinct.size, unit: "n" },
      {
        name: `republish all after one colour change: objects uploaded (that tenant's new: ${expected})`,
        value: objectsAgain,
        unit: "n",
        target: expected,
      },
      { name: "  its time", value: again.seconds, unit: "s", target: 3 },
      { name: "rollback one tenant on S3 (the command)", value: rollback.seconds, unit: "s" },
      {
        name: "  the switch itself",
        value: (rollback.report?.tenants?.[0]?.ms ?? 0) / 1000,
        unit: "s",
        target: 0.5,
      },
    ];
  } finally {
    await ceph.stop();
    await rm(work, { recursive: true, force: true });
  }
}
