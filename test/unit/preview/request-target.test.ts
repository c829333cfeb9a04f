// @vitest-environment node
/** The preview reads a request target once, as nginx reads it: a path, never a host. */
import { describe, expect, it } from "vitest";
import { parseRequestTarget } from "../../../cli/preview/request-target.ts";

const pathOf = (target: string) => {
  const read = parseRequestTarget(target);
  return read.ok ? read.path : `400 ${read.reason}`;
};

describe("parseRequestTarget", () => {
  it("reads a doubled slash as part of the path, not as a host", () => {
    expect(pathOf("//x/build-manifest.json")).toBe("/x/build-manifest.json");
    expect(pathOf("//build-manifest.json")).toBe("/build-manifest.json");
    expect(pathOf("//[")).toBe("/[");
    expect(pathOf("//x:99999/")).toBe("/x:99999/");
  });

  it("decodes once, resolves dot segments and keeps a trailing slash", () => {
    expect(pathOf("/%63ontacts")).toBe("/contacts");
    expect(pathOf("/%2563")).toBe("/%63");
    expect(pathOf("/a/./b/../c/")).toBe("/a/c/");
    expect(pathOf("/a/b/..")).toBe("/a/");
    expect(pathOf("/x/..%2fcontacts")).toBe("/contacts");
    expect(pathOf("/robots.txt/")).toBe("/robots.txt/");
    expect(pathOf("/search/1003/O.Brien?x=1#top")).toBe("/search/1003/O.Brien");
    expect(pathOf("/%D0%B0")).toBe("/а");
    expect(pathOf("/%ff")).toBe("/\uFFFD");
  });

  it("keeps the path and the query as sent for what nginx reads from $request_uri", () => {
    expect(parseRequestTarget("/auth-callback?code=x")).toEqual({
      ok: true,
      raw: "/auth-callback",
      query: "?code=x",
      path: "/auth-callback",
    });
  });

  it("refuses what nginx answers 400", () => {
    for (const target of ["/%zz", "//%zz/", "/event/%2", "/%", "/a%00b", "/../x", "/a/../../x"]) {
      expect([target, parseRequestTarget(target).ok]).toEqual([target, false]);
    }
    expect(pathOf("*")).toMatch(/^400 /);
    expect(pathOf("http://x/")).toMatch(/^400 /);
  });
});
