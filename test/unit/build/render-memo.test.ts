/**
 * What `storefront dev` keeps between rebuilds is bounded and never keeps a failure: the memo
 * holds its last `limit` results (the least recently used goes first) and makes a failed one again.
 */
import { describe, expect, it } from "vitest";
import { Memo } from "../../../cli/build/render-memo.ts";

describe("the rebuilds' memo", () => {
  it("keeps the last results up to its limit, the least recently used going first", async () => {
    const memo = new Memo<string>(2);
    const make = (v: string) => () => Promise.resolve(v);
    await memo.get("a", make("A"));
    await memo.get("b", make("B"));
    expect(await memo.get("a", make("A again"))).toBe("A"); // a is now the most recent
    await memo.get("c", make("C")); // b goes
    expect(await memo.get("a", make("A again"))).toBe("A");
    expect(await memo.get("b", make("B again"))).toBe("B again");
    expect([memo.made, memo.reused]).toEqual([4, 2]);
  });

  it("makes a failed result again on the next request", async () => {
    const memo = new Memo<string>(4);
    await expect(memo.get("a", () => Promise.reject(new Error("gone")))).rejects.toThrow("gone");
    expect(await memo.get("a", () => Promise.resolve("A"))).toBe("A");
    expect(memo.made).toBe(2);
  });
});
