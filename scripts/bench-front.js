// The shop as a phone reaches it once deployed, for the Lighthouse figures: the tenant's own
// generated nginx server block (the build's nginx.conf, with its CSP, language choice and
// prerendered pages) over HTTPS and HTTP/2 with a throw-away certificate for the tenant's host,
// Brotli copies served as docs/deploying.md advises, in front of `storefront preview` for what is
// the backend's (the demo API, its photos, the identity provider).
//
// Why not the preview alone: it speaks HTTP/1.1, six connections per host, and Lighthouse's
// simulated slow 4G queues a page's API calls and photos behind its JavaScript on them; the
// nginx the README deploys to multiplexes every request on one HTTP/2 connection.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";

/** The front's HTTPS port (and the next one for its port-80 redirect); the bench runs alone. */
const PORT = Number(process.env.BENCH_TLS_PORT ?? 4681);
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/** The paths the deployed shop sends to the backend, and the demo's own photos. */
function proxied(conf, paths, upstream) {
  let out = conf;
  for (const path of paths) {
    // The generated block answers the backend's paths 404 until the operator routes them.
    const stub = new RegExp(`location ${path.replaceAll("/", "\\/")} \\{\\s*return 404;\\s*\\}`);
    if (!stub.test(out)) throw new Error(`the generated nginx.conf has no stub for ${path}`);
    out = out.replace(stub, `location ${path} {\n        proxy_pass ${upstream};\n    }`);
  }
  return out;
}

/**
 * nginx over HTTPS/HTTP2 for `tenant` (its bundle in dist/, as the preview just built it), in
 * front of the preview at `previewUrl`. Resolves with the shop's address and the Chromium flags
 * that reach it (the tenant's host mapped to loopback, the throw-away certificate accepted).
 */
export async function startFront(tenant, previewUrl) {
  await promisify(execFile)("bash", ["scripts/ensure-nginx.sh"]);
  const { register } = await import("tsx/esm/api");
  register();
  const { startNginx, deployConfig, selfSignedCertificate } = await import(
    "../test/e2e/nginx-server.ts"
  );
  const { renderNginxConf, backendPaths, BROTLI_SNIPPET } = await import("../cli/build/deploy.ts");
  const { loadTenant } = await import("../cli/config/load.ts");
  const loaded = await loadTenant("tenants", tenant);
  if (!loaded.ok) throw new Error(`tenants/${tenant}.yaml is invalid`);
  const config = {
    ...(await deployConfig(tenant, loaded.config)),
    tls: { certificate: "{prefix}/cert.pem", certificateKey: "{prefix}/key.pem" },
  };
  const host = config.hosts[0].host.replace(/:\d+$/, "");
  const upstream = new URL(previewUrl).origin;
  const conf = proxied(
    await renderNginxConf(tenant, config, {
      root: resolve("dist", tenant),
      listen: [`127.0.0.1:${PORT} ssl http2`],
      redirectListen: [`127.0.0.1:${PORT + 1}`],
    }),
    backendPaths(config),
    upstream,
  ).replace(
    // The demo's photos are the backend's too (a real API serves them from its own origin).
    /(\n\s*location \/public\/ \{)/,
    `\n    location /demo/ {\n        proxy_pass ${upstream};\n    }$1`,
  );
  const brotli = existsSync(BROTLI_MODULE);
  const nginx = await startNginx(new Map([[`${tenant}.conf`, conf]]), [`tcp://127.0.0.1:${PORT}`], {
    modules: brotli ? [BROTLI_MODULE] : [],
    files: brotli ? { [BROTLI_SNIPPET.brotliSnippet]: "brotli_static on;\n" } : {},
    prepare: (prefix) => selfSignedCertificate(prefix, [host]),
  });
  return {
    url: `https://${host}:${PORT}`,
    chromeFlags: ["--ignore-certificate-errors", `--host-resolver-rules="MAP ${host} 127.0.0.1"`],
    stop: () => nginx.stop(),
  };
}
