/**
 * HTTPS the safe way, on a real nginx with a throw-away certificate: a tenant whose YAML names
 * its certificate (`tls`) is served on 443 with HTTP/2 and every security header, port 80 only
 * redirects to https:// (no page in plain HTTP, no HSTS there), and a TLS handshake for a name
 * that is no tenant's is refused before any certificate is shown.
 */
import { request } from "node:https";
import { resolve } from "node:path";
import { connect as tlsConnect } from "node:tls";
import { renderDefaultServerConf, renderNginxConf } from "../../cli/build/deploy.ts";
import { loadTenant } from "../../cli/config/load.ts";
import { e2eWorkerPorts } from "../ports.ts";
import { expect, test } from "./fixtures.ts";
import {
  deployConfig,
  type RunningNginx,
  selfSignedCertificate,
  startNginx,
} from "./nginx-server.ts";
import { rawExchange } from "./raw-socket.ts";

const HOST = "mysport.ru";

interface Tls {
  http: number;
  https: number;
}

let nginx: RunningNginx;
let ports: Tls;

// biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument.
test.beforeAll(async ({}, worker) => {
  const tenant = await loadTenant("tenants", "mysport");
  if (!tenant.ok) throw new Error("tenants/mysport.yaml is invalid");
  const plan = e2eWorkerPorts(worker.parallelIndex);
  ports = { http: plan.tlsHttp, https: plan.tlsHttps };
  const config = {
    ...(await deployConfig("mysport", tenant.config)),
    tls: { certificate: "{prefix}/cert.pem", certificateKey: "{prefix}/key.pem" },
  };
  const files = new Map([
    [
      "mysport.conf",
      await renderNginxConf("mysport", config, {
        root: resolve("dist", "mysport"),
        listen: [`127.0.0.1:${ports.https} ssl http2`],
        redirectListen: [`127.0.0.1:${ports.http}`],
      }),
    ],
    [
      "default.conf",
      await renderDefaultServerConf([
        `127.0.0.1:${ports.http}`,
        `127.0.0.1:${ports.https} ssl http2`,
      ]),
    ],
  ]);
  // Ready once the HTTPS port takes connections: nginx binds every port before it serves.
  nginx = await startNginx(files, [`tcp://127.0.0.1:${ports.https}`], {
    // A throw-away self-signed certificate for the tenant's hosts, made for this run only.
    prepare: (prefix) => selfSignedCertificate(prefix, [HOST, `en.${HOST}`]),
  });
});

test.afterAll(async () => {
  await nginx?.stop();
});

/** A GET over HTTPS to the tenant's name (SNI and Host), trusting the throw-away certificate. */
function httpsGet(path: string, servername = HOST) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((done, failed) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: ports.https,
        path,
        servername,
        headers: { Host: servername, "Accept-Language": "ru" },
        rejectUnauthorized: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", failed);
    req.end();
  });
}

test("plain HTTP to a tenant's host answers only a 301 to the same address over https", async () => {
  for (const path of ["/", "/event/1003?tab=all", "/contacts"]) {
    const res = await rawExchange(
      `http://127.0.0.1:${ports.http}`,
      `GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status, path).toBe(301);
    expect(res.headers.get("location"), path).toBe(`https://${HOST}${path}`);
    // HSTS means something only over HTTPS; the shop is never in this answer.
    expect(res.headers.get("strict-transport-security"), path).toBeNull();
    expect(await res.text(), path).not.toContain("tenant-settings");
  }
});

test("HTTPS serves the shop with every security header, HSTS included", async () => {
  const res = await httpsGet("/contacts");
  expect(res.status).toBe(200);
  expect(res.body).toContain('<html lang="ru">');
  expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d{8,}/);
  expect(res.headers["content-security-policy"]).toMatch(/default-src 'self'/);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["permissions-policy"]).toBe("camera=(self), microphone=(), geolocation=()");
});

test("HTTPS offers HTTP/2", async () => {
  const protocol = await new Promise<string | false | null>((done, failed) => {
    const socket = tlsConnect(
      {
        host: "127.0.0.1",
        port: ports.https,
        servername: HOST,
        ALPNProtocols: ["h2", "http/1.1"],
        rejectUnauthorized: false,
      },
      () => {
        done(socket.alpnProtocol);
        socket.end();
      },
    );
    socket.on("error", failed);
  });
  expect(protocol).toBe("h2");
});

test("a TLS handshake for a name that is no tenant's is refused, with no certificate shown", async () => {
  const outcome = await new Promise<string>((done) => {
    const socket = tlsConnect(
      {
        host: "127.0.0.1",
        port: ports.https,
        servername: "unknown.example",
        rejectUnauthorized: false,
      },
      () => {
        done(`handshake completed with ${JSON.stringify(socket.getPeerCertificate().subject)}`);
        socket.end();
      },
    );
    socket.on("error", (e) => done(`refused: ${e.message}`));
  });
  expect(outcome).toMatch(/^refused: .*(alert|handshake|unrecognized name)/i);
});
