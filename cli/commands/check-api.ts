/**
 * `storefront check-api`: the shop's calls made against a real backend and every reply held to
 * what the shop expects (../api/check/). Ctrl+C stops it cleanly: the request under way is
 * dropped, the cart it made is deleted, and what was found so far is printed (exit 130).
 */
import type { CheckOptions } from "../api/check/types.ts";
import type { Printer } from "./print.ts";

export type CheckApiCommandOptions = Omit<CheckOptions, "signal" | "fetch" | "onResult"> & {
  json: boolean;
  print: Printer;
};

export async function runCheckApi(o: CheckApiCommandOptions): Promise<number> {
  const { checkApi } = await import("../api/check/journey.ts");
  const { exitCode, jsonReport, textReporter } = await import("../api/check/report.ts");
  const stop = new AbortController();
  const interrupted = () => {
    // A second Ctrl+C does not wait for the cart to be deleted.
    process.once("SIGINT", () => process.exit(130));
    stop.abort();
  };
  process.once("SIGINT", interrupted);
  const text = o.json ? null : textReporter(o.print.out, o.print.color);
  text?.start(o.api.href);
  try {
    const report = await checkApi({
      ...o,
      signal: stop.signal,
      onResult: (result) => text?.result(result),
    });
    if (o.json) o.print.out(JSON.stringify(jsonReport(report), null, 2));
    else text?.end(report);
    return exitCode(report);
  } finally {
    process.removeListener("SIGINT", interrupted);
  }
}
