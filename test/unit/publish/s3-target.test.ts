/**
 * The object-storage target's pure parts: reading `--to s3://…`, the keys of objects (content,
 * caching, type), and the one-line errors a user sees instead of the SDK's.
 */
import { describe, expect, it } from "vitest";
import { objectKey, parseS3Url, storeError } from "../../../cli/publish/s3.ts";

describe("s3:// targets", () => {
  it("reads the bucket and the prefix; refuses names a store would refuse and climbing prefixes", () => {
    expect(parseS3Url("s3://shop-bundles")).toEqual({ bucket: "shop-bundles", prefix: "" });
    expect(parseS3Url("s3://shop-bundles/prod/eu/")).toEqual({
      bucket: "shop-bundles",
      prefix: "prod/eu",
    });
    expect(parseS3Url("/srv/www")).toBeNull();
    expect(() => parseS3Url("s3://Shop_Bundles/x")).toThrow(/not a valid bucket name/);
    expect(() => parseS3Url("s3://shop-bundles/../other")).toThrow(/may not contain/);
  });

  it("keys a file by its bytes: the same bytes are one object, hashed files apart from pages", () => {
    const sha = "a".repeat(64);
    expect(objectKey("assets/index-x1.js", sha)).toBe(`objects/immutable/${sha}.js`);
    expect(objectKey("assets/other-name.js", sha)).toBe(`objects/immutable/${sha}.js`);
    expect(objectKey("_pages/en/home.html", sha)).toBe(`objects/revalidate/${sha}.html`);
    expect(objectKey("robots.txt", sha)).toBe(`objects/revalidate/${sha}.txt`);
    // An extension that is not a plain word does not reach the key.
    expect(objectKey("weird.na me", sha)).toBe(`objects/revalidate/${sha}`);
  });

  it("says what failed in one line, whatever the SDK threw", () => {
    const sdk = (name: string, status: number, message = "x\n    at stack") =>
      Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });
    const line = (e: unknown) => storeError(e, "uploading mysport's files", "s3://b/p").message;
    expect(line(sdk("NoSuchBucket", 404))).toBe(
      "s3://b/p: uploading mysport's files failed: the bucket does not exist",
    );
    expect(line(sdk("SignatureDoesNotMatch", 403))).toMatch(/refused the credentials/);
    expect(line(sdk("InvalidAccessKeyId", 403))).toMatch(/refused the credentials/);
    expect(
      line(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    ).toMatch(/could not be reached \(ECONNREFUSED\)/);
    expect(line(sdk("InternalError", 500))).toBe(
      "s3://b/p: uploading mysport's files failed: InternalError (HTTP 500): x",
    );
    for (const e of [sdk("InternalError", 500), sdk("AccessDenied", 403)]) {
      expect(line(e)).not.toContain("\n");
    }
  });
});
