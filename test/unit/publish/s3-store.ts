/**
 * Test helpers for publishing to object storage: a client of the Ceph store the tests start,
 * a bucket, and a loopback proxy in front of the store that can slow down, refuse or count
 * requests (a throttling store, a failing upload, a publish stopped halfway).
 */

import { createServer, request, type Server, type ServerResponse } from "node:http";
import {
  CreateBucketCommand,
  GetObjectCommand,
  PutBucketPolicyCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { CephAccess } from "./ceph.ts";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

export function clientFor(
  ceph: CephAccess,
  endpoint = ceph.endpoint,
  secret = ceph.secretAccessKey,
) {
  return new S3Client({
    endpoint,
    forcePathStyle: true,
    region: "us-east-1",
    maxAttempts: 5,
    credentials: { accessKeyId: ceph.accessKeyId, secretAccessKey: secret },
  });
}

/** A bucket whose objects/ anyone may read (what nginx in front of it fetches). */
export async function createBucket(client: S3Client, bucket: string) {
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  await client.send(
    new PutBucketPolicyCommand({
      Bucket: bucket,
      Policy: JSON.stringify({
        Version: "2012-10-17",
        Statement: [
          {
            Effect: "Allow",
            Principal: "*",
            Action: ["s3:GetObject"],
            Resource: [`arn:aws:s3:::${bucket}/*`],
          },
        ],
      }),
    }),
  );
}

export async function getJson(client: S3Client, bucket: string, key: string) {
  const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return JSON.parse((await res.Body?.transformToString()) ?? "null");
}

export interface ProxyControl {
  url: string;
  /** PUTs of objects seen (each attempt). */
  puts: string[];
  /** Decides per request: a status to answer with instead of the store, or null to pass it on. */
  fault: (method: string, path: string, attempt: number) => number | null;
  /**
   * How many PUTs are passed on; those after them are held unanswered until the proxy closes
   * (a publish stopped halfway, whatever the machine's speed). Infinity: every one.
   */
  passPuts: number;
  /** PUTs the store has answered. */
  answeredPuts: number;
  close(): Promise<void>;
}

/** A loopback HTTP proxy in front of the store. */
export async function storeProxy(target: string, port: number): Promise<ProxyControl> {
  const upstream = new URL(target);
  const attempts = new Map<string, number>();
  const holding = new Set<ServerResponse>();
  let passed = 0;
  const control: ProxyControl = {
    url: `http://127.0.0.1:${port}`,
    puts: [],
    fault: () => null,
    passPuts: Number.POSITIVE_INFINITY,
    answeredPuts: 0,
    close: () =>
      new Promise((r) => {
        for (const held of holding) held.destroy();
        server.close(() => r());
      }),
  };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    const method = req.method ?? "GET";
    const key = `${method} ${path.split("?")[0]}`;
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    if (method === "PUT") control.puts.push(path);
    const status = control.fault(method, path, attempt);
    if (status !== null) {
      req.resume();
      req.on("end", () => {
        res.writeHead(status, { "content-type": "application/xml" });
        const code = status === 503 ? "SlowDown" : "InternalError";
        res.end(
          `<?xml version="1.0"?><Error><Code>${code}</Code><Message>injected</Message></Error>`,
        );
      });
      return;
    }
    const forward = () => {
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method,
          path,
          headers: req.headers,
        },
        (up) => {
          if (method === "PUT") up.once("end", () => control.answeredPuts++);
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      out.on("error", () => res.destroy());
      req.pipe(out);
    };
    if (method === "PUT" && ++passed > control.passPuts) {
      holding.add(res);
      res.on("close", () => holding.delete(res));
    } else forward();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return control;
}
