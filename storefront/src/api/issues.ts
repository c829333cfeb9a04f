/** A Standard Schema issue, with the extra fields the contracts' issues carry (enum values). */
export interface ContractIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
  readonly code?: string;
  readonly expected?: string;
  readonly values?: readonly unknown[];
}

/** One readable line per contract issue: "items.0.price: expected number". */
export function describeIssues(issues: readonly ContractIssue[]): string[] {
  return issues.map((issue) => {
    const where =
      (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".") || "reply";
    return `${where}: ${expectation(issue)}`;
  });
}

function expectation(issue: ContractIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}`;
    case "invalid_value":
      return `expected one of ${(issue.values ?? []).map(String).join(", ")}`;
    case "invalid_union":
      return "matches none of the expected shapes";
    default:
      return issue.message && issue.message !== "Invalid input"
        ? issue.message
        : (issue.code ?? "invalid");
  }
}
