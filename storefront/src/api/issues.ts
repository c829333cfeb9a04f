import type { core } from "zod/mini";

/** One readable line per contract issue: "items.0.price: expected number". */
export function describeIssues(issues: readonly core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const where = issue.path.map(String).join(".") || "reply";
    return `${where}: ${expectation(issue)}`;
  });
}

function expectation(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}`;
    case "invalid_value":
      return `expected one of ${issue.values.map(String).join(", ")}`;
    case "invalid_union":
      return "matches none of the expected shapes";
    default:
      return issue.message && issue.message !== "Invalid input" ? issue.message : issue.code;
  }
}
