/**
 * How check-api reads one reply and writes one `curl` line: the spec's status, a file read only
 * for its status, an error body held to {code, message}, a reply too large to read, and every
 * value a hostile backend sends quoted on one short line; the token never written out.
 */
import { describe, expect, it } from "vitest";
import { needsPreflight, preflightProblems } from "../../../cli/api/check/cors.ts";
import { curlLine, shellQuote } from "../../../cli/api/check/curl.ts";
import { checkReply, describeValue, quote, type SeenReply } from "../../../cli/api/check/reply.ts";
import { mismatchLine } from "../../../cli/api/check/report.ts";
import { type ApiCall, apiCalls } from "../../../cli/api/inventory.ts";

const calls = new Map((await apiCalls()).map((c) => [c.id, c]));
const callOf = (id: string): ApiCall => {
  const call = calls.get(id);
  if (!call) throw new Error(`no call ${id}`);
  return call;
};
const reply = (status: number, body: unknown, headers: Record<string, string> = {}): SeenReply => ({
  status,
  headers: new Headers({ "content-type": "application/json", ...headers }),
  body: typeof body === "string" ? body : JSON.stringify(body),
  truncated: false,
});

describe("one reply held to its call", () => {
  it("a write spec §7 answers with 204 is a mismatch when it answers 200, and matches with 204", () => {
    expect(checkReply(callOf("carts.setCustomer"), reply(204, ""), "success")).toEqual([]);
    expect(checkReply(callOf("carts.setCustomer"), reply(200, "{}"), "success")).toEqual([
      { kind: "status", field: null, expected: "204", got: "200" },
    ]);
    // Where the spec names no status, any 2xx will do.
    expect(checkReply(callOf("carts.remove"), reply(200, ""), "success")).toEqual([]);
  });

  it("an error where a success is expected names the status and the backend's code", () => {
    const problems = checkReply(
      callOf("events.get"),
      reply(404, { code: "EventNotFound", message: "No such event" }),
      "success",
    );
    expect(problems.map(mismatchLine)).toEqual(["status: expected 2xx, got 404 (EventNotFound)"]);
  });

  it("a refusal the check provoked is fine when its body is {code, message}, and named when not", () => {
    const call = callOf("carts.addPromoCode");
    expect(
      checkReply(call, reply(404, { code: "PromoCodeNotFound", message: "No" }), "either"),
    ).toEqual([]);
    expect(
      checkReply(call, reply(404, "Not Found", { "content-type": "text/plain" }), "either"),
    ).toEqual([
      { kind: "error-body", field: null, expected: "JSON", got: 'text/plain: "Not Found"' },
    ]);
    expect(
      checkReply(call, reply(409, { code: 17, message: "No" }), "either").map(mismatchLine),
    ).toEqual(["error body code: expected string, got 17 (a number)"]);
  });

  it("a file is read for its status only; a JSON reply past the limit is named, not parsed", () => {
    const file = {
      ...reply(200, "%PDF-1.7…"),
      headers: new Headers({ "content-type": "application/pdf" }),
    };
    expect(checkReply(callOf("receipts.download"), file, "success")).toEqual([]);
    const huge = { ...reply(200, '{"count": 1, "items": ['), truncated: true };
    expect(checkReply(callOf("events.list"), huge, "success").map(mismatchLine)).toEqual([
      "reply: over 8 MB, not read to its end",
    ]);
  });

  it("each field's expectation in a reader's words: an integer, one of the states, a date-time with its offset", () => {
    const lines = checkReply(
      callOf("orders.get"),
      reply(200, { orderId: "o", currencyId: 6.43, state: "Paid", createdOn: "yesterday" }),
      "success",
    ).map(mismatchLine);
    expect(lines).toEqual(
      expect.arrayContaining([
        "currencyId: expected an integer, got 6.43 (a number)",
        'state: expected one of AwaitingPayment, Completed, Canceled, got "Paid" (a string)',
        'createdOn: expected an ISO 8601 date-time with its offset, got "yesterday" (a string)',
        "number: expected string, got missing",
      ]),
    );
  });
});

describe("a hostile backend's values, quoted", () => {
  it("on one line and cut at 60 characters", () => {
    expect(quote("a\nb\u001b[31mc")).toBe("a\\u000ab\\u001b[31mc");
    expect(quote("x".repeat(100))).toBe(`${"x".repeat(60)}…`);
    expect(describeValue("\u2028")).toBe('"\\u2028" (a string)');
    expect(describeValue([1, 2])).toBe("an array of 2");
    expect(describeValue({})).toBe("an object");
    expect(describeValue(null)).toBe("null");
  });
});

describe("the curl line", () => {
  it("asks again as the shop asked, with the token read from $STOREFRONT_API_TOKEN, never written out", () => {
    const line = curlLine({
      method: "POST",
      url: "https://api.example/public/competitor-service/api/v1/competitors/1003/token",
      headers: new Headers({
        accept: "application/json",
        "accept-language": "en",
        authorization: "Bearer secret-token-123",
        "content-type": "application/json",
      }),
      body: { kind: "text", text: '{"competitorId":"1003-302"}' },
    });
    expect(line).toBe(
      "curl -i -X POST https://api.example/public/competitor-service/api/v1/competitors/1003/token -H 'Accept: application/json' -H 'Accept-Language: en' -H \"Authorization: Bearer $STOREFRONT_API_TOKEN\" -H 'Content-Type: application/json' --data-raw '{\"competitorId\":\"1003-302\"}'",
    );
    expect(line).not.toContain("secret-token-123");
  });

  it("sends a face photo as a form field, without the one request's boundary", () => {
    const line = curlLine({
      method: "POST",
      url: "https://api.example/public/recognition-service/api/v1/selfies?albumId=a",
      headers: new Headers({ "content-type": "multipart/form-data; boundary=xyz" }),
      body: { kind: "form", fields: ["file"] },
    });
    expect(line).toBe(
      "curl -i -X POST 'https://api.example/public/recognition-service/api/v1/selfies?albumId=a' -F file=@face.jpg",
    );
  });

  it("quotes every word for a shell: quotes, newlines and terminal escapes stay inside one word", () => {
    expect(shellQuote("plain-word_1.2")).toBe("plain-word_1.2");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote("a\nb")).toBe("$'a\\x0ab'");
    expect(shellQuote("x\u009b31m'")).toBe("$'x\\u009b31m\\''");
  });

  describe("what a browser asks before a cross-origin call", () => {
    it("a JSON body, the token or a write method needs a preflight; a plain read does not", () => {
      const h = (o: Record<string, string>) => new Headers(o);
      expect(
        needsPreflight("GET", h({ accept: "application/json", "accept-language": "ru" })),
      ).toBe(false);
      expect(needsPreflight("GET", h({ "x-search-token": "t" }))).toBe(true);
      expect(needsPreflight("POST", h({ "content-type": "application/json" }))).toBe(true);
      expect(needsPreflight("POST", h({ "content-type": "multipart/form-data; boundary=x" }))).toBe(
        false,
      );
      expect(needsPreflight("DELETE", h({}))).toBe(true);
    });

    it("Access-Control-Allow-Headers: * allows every header but Authorization", () => {
      const reply = {
        status: 204,
        headers: new Headers({
          "access-control-allow-origin": "*",
          "access-control-allow-headers": "*",
          "access-control-allow-methods": "PATCH",
        }),
      };
      expect(
        preflightProblems(
          "https://shop.example",
          "PATCH",
          ["content-type", "x-search-token"],
          reply,
        ),
      ).toEqual([]);
      expect(
        preflightProblems(
          "https://shop.example",
          "PUT",
          ["authorization", "content-type"],
          reply,
        ).map(mismatchLine),
      ).toEqual([
        "CORS preflight access-control-allow-methods: expected PUT, got patch",
        'CORS preflight access-control-allow-headers: expected authorization, content-type, got "*"',
      ]);
    });
  });
});
