/**
 * The object store as the S3 target talks to it: where (`s3://bucket/prefix`), one client with
 * the SDK's retries and its standard credential chain (environment, profile, instance role),
 * keys under the prefix, and each call's failure said in one line (s3-errors.ts).
 */
import type { _Object, S3Client } from "@aws-sdk/client-s3";
import { isStatus, storeError } from "./s3-errors.ts";

export interface S3Location {
  bucket: string;
  /** Without leading or trailing slash; "" for the bucket's root. */
  prefix: string;
}

/** `s3://bucket` or `s3://bucket/some/prefix`; null for anything that is not an s3:// address. */
export function parseS3Url(spec: string): S3Location | null {
  if (!spec.startsWith("s3://")) return null;
  const rest = spec.slice("s3://".length);
  const slash = rest.indexOf("/");
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  const prefix = (slash < 0 ? "" : rest.slice(slash + 1)).replace(/^\/+|\/+$/g, "");
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(`--to ${spec}: "${bucket}" is not a valid bucket name`);
  }
  if (prefix.split("/").some((p) => p === "." || p === "..") || /[\0\\]/.test(prefix)) {
    throw new Error(`--to ${spec}: the prefix may not contain ".", ".." or backslashes`);
  }
  return { bucket, prefix };
}

/** Runs `work` over `items`, at most `limit` at once; the first failure rejects (the rest stop starting). */
export async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failed: unknown = null;
  const lane = async () => {
    while (failed === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (e) {
        failed ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failed !== null) throw failed;
}

export type S3Sdk = typeof import("@aws-sdk/client-s3");

/** The bucket and prefix a target publishes to, with the client and the SDK's commands. */
export class S3Store {
  constructor(
    readonly client: S3Client,
    readonly sdk: S3Sdk,
    readonly location: S3Location,
    /** How it is named to the user (`s3://bucket/prefix`). */
    readonly label: string,
  ) {}

  get bucket() {
    return this.location.bucket;
  }

  /** The full key of `parts` under the prefix. */
  key(...parts: string[]) {
    return [this.location.prefix, ...parts].filter((p) => p !== "").join("/");
  }

  /** Runs one step against the store; its failure says `what` failed, in one line. */
  async call<T>(what: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (e) {
      throw storeError(e, what, this.label);
    }
  }

  /** An object's text and ETag; null if there is no such object (a missing bucket still throws). */
  async getText(key: string): Promise<{ text: string; etag: string } | null> {
    try {
      const res = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return { text: (await res.Body?.transformToString("utf8")) ?? "", etag: res.ETag ?? "" };
    } catch (e) {
      if ((e as { name?: string }).name === "NoSuchKey" || isStatus(e, 404)) {
        if ((e as { name?: string }).name === "NoSuchBucket") throw e;
        return null;
      }
      throw e;
    }
  }

  /** The listing of `prefix`, a page of up to 1,000 keys at a time (grouped at `/` with `delimiter`). */
  private async *pages(prefix: string, delimiter?: "/") {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The names of the "folders" directly under `prefix` (which ends in `/`): common prefixes. */
  async folders(prefix: string): Promise<string[]> {
    const names: string[] = [];
    for await (const page of this.pages(prefix, "/")) {
      for (const p of page.CommonPrefixes ?? []) {
        if (p.Prefix?.startsWith(prefix)) names.push(p.Prefix.slice(prefix.length, -1));
      }
    }
    return names;
  }

  /** Every object whose full key starts with `prefix`, a page of up to 1,000 at a time. */
  async *list(prefix: string): AsyncGenerator<_Object> {
    for await (const page of this.pages(prefix)) yield* page.Contents ?? [];
  }
}

export interface S3Connection {
  sdk: S3Sdk;
  client: S3Client;
  location: S3Location;
  label: string;
}

/**
 * An S3 client for the store: path-style addressing when an endpoint is given (Ceph, MinIO
 * and most self-hosted stores serve buckets under the path), the SDK's standard retries for
 * throttling, 5xx and dropped connections, and the standard credential chain.
 */
export async function connectS3(
  spec: string,
  o: { endpoint?: string; client?: S3Client },
): Promise<S3Connection> {
  const location = parseS3Url(spec);
  if (!location) throw new Error(`--to ${spec}: not an s3:// address`);
  // The SDK warns at length on Node 20 that its next versions need Node 22; a publish still
  // works, and the project's engines field already says which Node it supports.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= "true";
  const sdk = await import("@aws-sdk/client-s3");
  const client =
    o.client ??
    new sdk.S3Client({
      ...(o.endpoint ? { endpoint: o.endpoint, forcePathStyle: true } : {}),
      // Another store than AWS ignores the region, but the SDK needs one to sign.
      ...(o.endpoint && !process.env.AWS_REGION && !process.env.AWS_DEFAULT_REGION
        ? { region: "us-east-1" }
        : {}),
      maxAttempts: 5,
    });
  return { sdk, client, location, label: spec.replace(/\/+$/, "") };
}
