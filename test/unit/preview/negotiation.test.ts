// @vitest-environment node
/** Accept-Encoding and If-None-Match read by their RFC 9110 grammar (§12.5.3, §13.1.2). */
import { describe, expect, it } from "vitest";
import {
  chooseEncoding,
  noneMatchHits,
  parseAcceptEncoding,
  parseIfNoneMatch,
} from "../../../cli/preview/negotiation.ts";

const BOTH = ["br", "gzip"];

describe("Accept-Encoding", () => {
  it("reads each coding with its weight; a malformed element is dropped", () => {
    expect([...parseAcceptEncoding("gzip;q=0.5, BR , identity;q=0, *;q=0.001")]).toEqual([
      ["gzip", 0.5],
      ["br", 1],
      ["identity", 0],
      ["*", 0.001],
    ]);
    // q above 1, four decimals, another parameter, no value: not the grammar.
    expect([...parseAcceptEncoding("gzip;q=1.5, br;q=0.1234, deflate;level=1, x;q=, y;q")]).toEqual(
      [],
    );
  });

  it("q=0 means not acceptable: gzip;q=0, identity gets the file as it is", () => {
    expect(chooseEncoding("gzip;q=0, identity", ["gzip"])).toBe("identity");
    expect(chooseEncoding("gzip;q=0, identity", BOTH)).toBe("identity");
    expect(chooseEncoding("br;q=0, gzip", BOTH)).toBe("gzip");
    expect(chooseEncoding("*;q=0, identity", BOTH)).toBe("identity");
    expect(chooseEncoding("GZIP;Q=0.000", ["gzip"])).toBe("identity");
  });

  it("the highest weight wins, ties go to the server's order (Brotli first)", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", BOTH)).toBe("br");
    expect(chooseEncoding("gzip;q=1, br;q=0.9", BOTH)).toBe("gzip");
    expect(chooseEncoding("*", BOTH)).toBe("br");
    expect(chooseEncoding("*;q=0.5, gzip", BOTH)).toBe("gzip");
    expect(chooseEncoding("gzip", ["br"])).toBe("identity");
  });

  it("identity without the header, with an empty one, or when the client weighs it more", () => {
    expect(chooseEncoding(undefined, BOTH)).toBe("identity");
    expect(chooseEncoding("", BOTH)).toBe("identity");
    expect(chooseEncoding("gzip;q=0.5, identity", BOTH)).toBe("identity");
    expect(chooseEncoding("gzip;q=0.5", BOTH)).toBe("gzip");
    // A regular expression over the whole header would take these for gzip.
    expect(chooseEncoding("x-gzip-not;q=1", ["gzip"])).toBe("identity");
    expect(chooseEncoding('gzipped, "gzip"', ["gzip"])).toBe("identity");
  });
});

describe("If-None-Match", () => {
  const etag = 'W/"1a2b-18c"';

  it("parses * and lists of strong and weak tags; anything else is not a header", () => {
    expect(parseIfNoneMatch(" * ")).toBe("*");
    expect(parseIfNoneMatch('"a", W/"b,c" ,"d"')).toEqual([
      { weak: false, opaque: '"a"' },
      { weak: true, opaque: '"b,c"' },
      { weak: false, opaque: '"d"' },
    ]);
    for (const bad of ["a", '"a', 'w/"a"', '"a" "b"', "", '"a", *']) {
      expect([bad, parseIfNoneMatch(bad)]).toEqual([bad, null]);
    }
  });

  it("matches any tag of a list and *, by weak comparison", () => {
    expect(noneMatchHits(`"other", ${etag}`, etag)).toBe(true);
    expect(noneMatchHits("*", etag)).toBe(true);
    expect(noneMatchHits('"1a2b-18c"', etag)).toBe(true);
    expect(noneMatchHits('"other", W/"1a2b-18d"', etag)).toBe(false);
    expect(noneMatchHits(undefined, etag)).toBe(false);
    expect(noneMatchHits(`${etag}x`, etag)).toBe(false);
  });
});
