/**
 * The commands about the backend the shop calls: `api-schema` writes the OpenAPI document of
 * every call (for the backend's team), `check-api` holds a running backend to it.
 */
import { CommanderError } from "commander";
import { apiUrlProblem } from "../api/api-url.ts";
import type { CommandContext } from "./common.ts";

interface CheckApiFlags {
  api: string;
  shopOrigin?: string;
  event?: string;
  order?: string;
  preorder?: string;
  participant?: string;
  promo?: string;
  token?: string;
  allowOrders?: boolean;
  language: string;
  theme: string;
  rate: string;
  timeout: string;
  json?: boolean;
}

const usage = (message: string) => new CommanderError(2, "storefront.usage", `error: ${message}`);

/** A number given on the command line, within its bounds, or a usage error (exit 2). */
function bounded(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw usage(`${flag} must be a number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

function apiUrl(text: string): URL {
  const problem = apiUrlProblem(text);
  if (problem) throw usage(problem);
  return new URL(text);
}

/** `https://shop.example`: an origin, as a browser sends it in Origin. */
function shopOrigin(text: string): string {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  const origin = url && /^https?:$/.test(url.protocol) ? url.origin : null;
  if (!url || !origin || `${origin}/` !== url.href.replace(/\/?$/, "/")) {
    throw usage(
      `--shop-origin must be the shop's origin (e.g. https://shop.example.com), got ${JSON.stringify(text)}`,
    );
  }
  return origin;
}

export function addApiCommands({ program, print, setExitCode }: CommandContext) {
  program
    .command("api-schema")
    .description(
      "Write the OpenAPI 3.1 document of every backend call the shop makes (default docs/api.openapi.json)",
    )
    .option("--out <file>", "where to write it; - prints it", "docs/api.openapi.json")
    .action(async (o: { out: string }) => {
      const { apiDocument } = await import("../api/openapi.ts");
      const { CORE_VERSION } = await import("../build/version.ts");
      const text = `${JSON.stringify(await apiDocument(CORE_VERSION), null, 2)}\n`;
      if (o.out === "-") {
        // Piped into a reader that stops early (`| head`): that is the reader's choice, no error.
        process.stdout.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code === "EPIPE") process.exit(0);
          throw error;
        });
        process.stdout.write(text);
        return;
      }
      const { writeFile } = await import("node:fs/promises");
      try {
        await writeFile(o.out, text);
      } catch (error) {
        const reason =
          (error as NodeJS.ErrnoException).code === "ENOENT"
            ? "its folder does not exist"
            : String((error as Error).message);
        print.err(`api-schema: cannot write ${o.out}: ${reason}`);
        setExitCode(1);
        return;
      }
      print.out(`wrote ${o.out}`);
    });

  program
    .command("check-api")
    .description(
      "Make the shop's calls against a running backend and print every reply that differs from what the shop expects (exit 1)",
    )
    .requiredOption(
      "--api <url>",
      "the backend's address (the origin the shop's /public/ calls go to)",
    )
    .option(
      "--shop-origin <origin>",
      "the shop's origin when the API is on another one: every reply is held to the CORS it needs",
    )
    .option("--event <id>", "the event to read (default: the first the backend lists)")
    .option("--order <id>", "a paid order whose items, payments, archive and receipts to read")
    .option("--preorder <id>", "a pre-order whose details to read")
    .option("--participant <text>", "a bib number or last name to search the event for")
    .option("--promo <code>", "a promo code the backend accepts, to apply and remove")
    .option(
      "--token <token>",
      "a signed-in user's access token (default: $STOREFRONT_API_TOKEN), for the calls that need one",
    )
    .option("--allow-orders", "also check out the test cart (places an order; never pays)")
    .option("--language <code>", "the shop's language, sent as Accept-Language", "en")
    .option("--theme <id>", "the theme whose banners to read", "MySport")
    .option("--rate <n>", "requests per second at most", "4")
    .option("--timeout <seconds>", "how long to wait for each reply", "20")
    .option("--json", "print a machine-readable report (for CI)")
    .action(async (o: CheckApiFlags) => {
      const { runCheckApi } = await import("../commands/check-api.ts");
      setExitCode(
        await runCheckApi({
          api: apiUrl(o.api),
          shopOrigin: o.shopOrigin === undefined ? null : shopOrigin(o.shopOrigin),
          event: o.event ?? null,
          order: o.order ?? null,
          preorder: o.preorder ?? null,
          participant: o.participant ?? null,
          promo: o.promo ?? null,
          token: o.token ?? process.env.STOREFRONT_API_TOKEN ?? null,
          allowOrders: o.allowOrders === true,
          language: o.language,
          theme: o.theme,
          rate: bounded(o.rate, "--rate", 0.1, 50),
          timeoutMs: bounded(o.timeout, "--timeout", 1, 600) * 1000,
          json: o.json === true,
          print,
        }),
      );
    });
}
