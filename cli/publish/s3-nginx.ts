/**
 * nginx in front of the object store: the tenant's server block as `storefront build` writes it
 * (the same maps for the language and the page, the same security headers, TLS and listen),
 * with its files answered from the store instead of a folder. Each request is proxied to the
 * object of the live release that the path names; a route of the app to its prerendered page in
 * the visitor's language (an internal rewrite to /_pages/…, so the page's Vary and
 * Content-Language follow as they do from a folder); /assets/ to the hashed files of every kept
 * release, so a page already open keeps finding its chunks.
 *
 * The path → object table is written into the block at publish: the block *is* the pointer as
 * nginx sees it, switched by a reload (each request is answered wholly by the old or the new
 * workers), and written only after the store's pointer was (see docs/object-storage.md).
 */
import { type NginxPreview, renderNginxConf } from "../build/deploy.ts";
import { unionStyleHashes } from "./release.ts";
import type { S3Location } from "./s3-client.ts";
import type { S3ReleaseRecord } from "./s3-records.ts";

export interface StoreUpstream {
  /** The store's endpoint as nginx reaches it: http://host:port (path-style buckets). */
  endpoint: string;
  location: S3Location;
  /** `listen` of the generated server block. */
  listen: string[];
}

/** A string nginx reads literally inside double quotes (paths and keys are checked, not escaped). */
function literal(value: string): string {
  if (!/^[\w./@:+-]+$/.test(value)) throw new Error(`cannot be written into nginx.conf: ${value}`);
  return value;
}

/** Replaces one `location` block of the rendered server block; throws if it is not there. */
function replaceLocation(conf: string, selector: string, body: string | null): string {
  const start = conf.indexOf(`\n    location ${selector} {\n`);
  if (start < 0) throw new Error(`the nginx template has no "location ${selector}" block`);
  const end = conf.indexOf("\n    }\n", start);
  const block = body === null ? "" : `\n    location ${selector} {\n${body}\n    }`;
  return conf.slice(0, start) + block + conf.slice(end + "\n    }".length);
}

export async function renderS3ServerBlock(
  id: string,
  live: S3ReleaseRecord,
  serving: S3ReleaseRecord[],
  store: StoreUpstream,
  /** A deploy preview's block (its own host, guard and banner) instead of the live one. */
  preview?: NginxPreview,
): Promise<string> {
  const url = new URL(store.endpoint);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`--endpoint ${store.endpoint}: nginx proxies to http:// or https:// only`);
  }
  const tls = url.protocol === "https:";
  const hostPort = literal(`${url.hostname}:${url.port || (tls ? 443 : 80)}`);
  // nginx speaks to the store as the endpoint says: TLS to an https:// one (plain HTTP to its
  // port 443 would fail every request).
  const scheme = tls ? "https" : "http";
  const base = literal(
    `/${[store.location.bucket, store.location.prefix].filter((p) => p !== "").join("/")}/`,
  );
  const conf = await renderNginxConf(
    id,
    { ...live.config, styleHashes: unionStyleHashes([...serving, live]) },
    { root: "/nonexistent", listen: store.listen, ...(preview ? { preview } : {}) },
  );
  // The block's own variables (a preview's differ from its tenant's live block).
  const vars = /map \$uri \$(storefront_\w+)_cache \{/.exec(conf)?.[1];
  if (!vars) throw new Error("the nginx template has no cache map");

  // Every file of the live release by its path; every hashed file of a kept release too.
  const objects = new Map<string, string>();
  for (const r of serving) {
    for (const [path, key] of Object.entries(r.objects)) {
      if (path.startsWith("assets/")) objects.set(`/${path}`, key);
    }
  }
  for (const [path, key] of Object.entries(live.objects)) objects.set(`/${path}`, key);
  const table = [...objects]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, key]) => `    "${literal(path)}" "${literal(key)}";`)
    .join("\n");
  const pageMaps = /map \$uri \$(storefront_\w+_page) \{/.exec(conf);
  const languageMap = /map "[^"]*" \$(storefront_\w+_language) \{/.exec(conf);
  if (!pageMaps?.[1] || !languageMap?.[1]) throw new Error("the nginx template has no page maps");
  const page = `$${pageMaps[1]}`;
  const language = `$${languageMap[1]}`;
  const proxy = (indent: string) =>
    [
      `if ($${vars}_object = "") { return 404; }`,
      `proxy_pass ${scheme}://${vars}_store${base}$${vars}_object;`,
    ]
      .map((l) => indent + l)
      .join("\n");

  let out = conf
    .replace(
      /^# nginx server block of the .*\n# .*\n/,
      `# nginx server block of the ${id} storefront, served from ${literal(`s3://${store.location.bucket}/${store.location.prefix}`)}:\n# release ${live.name}. Written by \`storefront publish\` and \`rollback\` on every switch: do not edit.\n`,
    )
    .replace(
      /# Include it inside http \{\}[\s\S]*?is deployed to\.\n/,
      "# Included inside http {} with the other tenants' blocks (`include <nginx-dir>/*.conf;`).\n",
    )
    .replace(/\n {4}root "[^"]*";\n {4}index index.html;\n/, "\n")
    .replace(/ {4}gzip_static o(n|ff);\n/, "    gzip_proxied any;\n")
    // The store holds each file once, uncompressed: nginx compresses on the fly, and there are
    // no .gz/.br copies beside the files for gzip_static or ngx_brotli to find.
    .replace(
      / {4}# `storefront build` writes file\.br[\s\S]*?compressed on the fly\.\n/,
      "    # Compressed on the fly: the store holds each file once, uncompressed.\n",
    )
    .replace(/ {4}# The \.br copies need ngx_brotli[\s\S]*?include [^\n]*brotli[^\n]*;\n/, "")
    .replace("    # Common mime.types files have no entry for .webmanifest.\n", "");
  out = replaceLocation(out, "/assets/", proxy("        "));
  out = replaceLocation(
    out,
    "= /index.html",
    `        rewrite ^ /_pages/${language}/${page}.html last;`,
  );
  out = replaceLocation(out, "= /manifest.webmanifest", null);
  out = replaceLocation(out, "~* ^/_pages/", `        internal;\n${proxy("        ")}`);
  if (out.includes("\n    location = /auth-callback {\n")) {
    out = replaceLocation(
      out,
      "= /auth-callback",
      `        rewrite ^ /_pages/${language}/shell.html last;`,
    );
  }
  out = replaceLocation(
    out,
    "/",
    [
      `        if ($${vars}_object = "") { rewrite ^ /_pages/${language}/${page}.html last; }`,
      `        proxy_pass ${scheme}://${vars}_store${base}$${vars}_object;`,
    ].join("\n"),
  );
  const server = out.lastIndexOf("\nserver {\n");
  const proxySettings = [
    "    # The store answers for the files, without the visitor's cookie or credentials, and",
    "    # with none of its own headers but the file's.",
    "    proxy_http_version 1.1;",
    '    proxy_set_header Connection "";',
    `    proxy_set_header Host ${hostPort};`,
    '    proxy_set_header Cookie "";',
    '    proxy_set_header Authorization "";',
    // A preview's pages pass through sub_filter, which reads them uncompressed.
    ...(preview ? ['    proxy_set_header Accept-Encoding "";'] : []),
    "    proxy_intercept_errors on;",
    ...(tls
      ? [
          "    # The store over TLS: its name sent (SNI) and its certificate checked against the",
          "    # system's certificate authorities (Debian's and Ubuntu's bundle).",
          "    proxy_ssl_server_name on;",
          `    proxy_ssl_name ${literal(url.hostname)};`,
          "    proxy_ssl_verify on;",
          "    proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;",
        ]
      : []),
    ...[
      "Cache-Control",
      "Set-Cookie",
      "x-amz-request-id",
      "x-amz-id-2",
      "x-amz-storage-class",
      "x-rgw-object-type",
      "Content-Security-Policy",
    ].map((h) => `    proxy_hide_header ${h};`),
  ].join("\n");
  const serverBody = out.indexOf("\n", out.indexOf("charset utf-8;", server));
  out = `${out.slice(0, serverBody + 1)}${proxySettings}\n${out.slice(serverBody + 1)}`;
  const head = [
    `upstream ${vars}_store {`,
    `    server ${hostPort};`,
    "    keepalive 8;",
    "}",
    "# The object of each path: the live release's files, and the hashed files of every kept",
    "# release (pages already open). Volatile: read again after a rewrite to a page.",
    `map $uri $${vars}_object {`,
    "    volatile;",
    '    default "";',
    table,
    "}",
    "",
  ].join("\n");
  return out.slice(0, server + 1) + head + out.slice(server + 1);
}
