import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderPolicyPdf, wrap } from "../../../cli/build/policy-pdf.ts";

const input = { tenantName: "TimerMan (Test)", supportEmail: "photo@timerman.example" };
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

function hasPdftotext(): boolean {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("privacy policy PDF", () => {
  it("is a PDF 1.4 with xref, trailer and the tenant's name and e-mail", () => {
    const pdf = text(renderPolicyPdf(input));
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf).toContain("/BaseFont /Helvetica");
    expect(pdf).toContain("TimerMan \\(Test\\) privacy policy"); // parentheses escaped
    expect(pdf).toContain("photo@timerman.example");
    expect(pdf).toMatch(/trailer\n<< \/Size 8 \/Root 1 0 R/);
  });

  it("has correct xref offsets and startxref", () => {
    const pdf = text(renderPolicyPdf(input));
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
    const table = pdf.slice(startxref).split("\n").slice(3, 10);
    table.forEach((row, i) => {
      const offset = Number(row.slice(0, 10));
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)?.[1]);
    const start = pdf.indexOf("stream\n") + "stream\n".length;
    expect(pdf.slice(start + length, start + length + "endstream".length)).toBe("endstream");
  });

  it("is reproducible and wraps long paragraphs", () => {
    expect(renderPolicyPdf(input)).toEqual(renderPolicyPdf(input));
    for (const line of wrap("word ".repeat(100))) expect(line.length).toBeLessThanOrEqual(86);
  });

  it.runIf(hasPdftotext())("pdftotext reads the text", () => {
    const dir = mkdtempSync(join(tmpdir(), "policy-"));
    const file = join(dir, "policy.pdf");
    writeFileSync(file, renderPolicyPdf(input));
    const out = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    expect(out).toContain("TimerMan (Test) privacy policy");
    expect(out).toContain("photo@timerman.example");
  });
});
