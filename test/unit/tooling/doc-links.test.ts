/**
 * The README is a newcomer's first page and links the rest: every relative link in it and in
 * docs/ must lead to a file that exists (and, with a #fragment, to a heading of that file), and
 * the README stays short enough to read in the first ten minutes.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const PAGES = [
  "README.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function headings(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set(
    text
      .split("\n")
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchor(line.replace(/^#+ /, ""))),
  );
}

/** Markdown links `[text](target)` outside code blocks, skipping absolute addresses. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? "")
    .filter((target) => target !== "" && !/^[a-z]+:/i.test(target));
}

describe("the README and docs/ pages", () => {
  for (const page of PAGES) {
    it(`${page}: every relative link leads to a file and heading that exist`, () => {
      for (const link of relativeLinks(page)) {
        const [path = "", fragment] = link.split("#");
        const target = path ? normalize(join(dirname(page), path)) : page;
        expect(existsSync(target), `${page} links ${link}`).toBe(true);
        if (fragment && target.endsWith(".md")) {
          expect(headings(target).has(fragment), `${page} links ${link}`).toBe(true);
        }
      }
    });
  }

  it("the README fits a newcomer's first ten minutes (about 150 lines) and links every docs page", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(170);
    const linked = new Set(relativeLinks("README.md").map((l) => normalize(l.split("#")[0] ?? "")));
    for (const page of PAGES.filter(
      (p) => p.startsWith("docs/") && p !== "docs/tenant.schema.json",
    )) {
      expect(linked.has(page), `README links ${page}`).toBe(true);
    }
  });
});
