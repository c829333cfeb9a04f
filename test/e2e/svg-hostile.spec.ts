/**
 * The SVGs the tenant-asset check refuses are real threats, not spellings: opened directly in
 * Chromium (as a host without the generated CSP serves them), each runs script or fetches
 * from another site; the check refuses every one of them (cli/config/svg-policy.ts).
 */
import { svgProblem } from "../../cli/config/svg-policy.ts";
import { expect, test } from "./fixtures.ts";

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
const ORIGIN = "http://tenant-assets.test";

/** What each file does when opened, and the file. */
const RUNS: [string, "script" | "fetch", string][] = [
  [
    "a script under a second prefix for the SVG namespace",
    "script",
    `<svg ${SVG_NS} xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(document.domain)</s:script></svg>`,
  ],
  [
    "an XHTML script",
    "script",
    `<svg ${SVG_NS}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(document.domain)</h:script></svg>`,
  ],
  [
    "a prefixed foreignObject holding HTML",
    "script",
    `<svg ${SVG_NS} xmlns:s="http://www.w3.org/2000/svg" width="100" height="100"><s:foreignObject width="100" height="100"><img xmlns="http://www.w3.org/1999/xhtml" src="x:none" onerror="alert(document.domain)"/></s:foreignObject></svg>`,
  ],
  [
    "a quoted ) in url()",
    "fetch",
    `<svg ${SVG_NS} width="100" height="100"><rect width="100" height="100" style="fill:url('https://evil.example/t)x#a')"/></svg>`,
  ],
  [
    "an onload on the root element",
    "script",
    `<svg ${SVG_NS} onload="alert(document.domain)"><rect width="1" height="1"/></svg>`,
  ],
];

test.use({ guards: { pageErrors: false, csp: false } });

for (const [name, effect, text] of RUNS) {
  test(`${name}: ${effect === "script" ? "runs script" : "fetches another site"} in Chromium, and is refused`, async ({
    page,
  }) => {
    expect(svgProblem(new TextEncoder().encode(text))).not.toBeNull();
    const dialogs: string[] = [];
    const fetched: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url === `${ORIGIN}/logo.svg`) {
        return route.fulfill({ status: 200, contentType: "image/svg+xml", body: text });
      }
      fetched.push(url);
      return route.fulfill({ status: 404, body: "" });
    });
    await page.goto(`${ORIGIN}/logo.svg`);
    if (effect === "script") {
      await expect.poll(() => dialogs).toEqual(["tenant-assets.test"]);
    } else {
      await expect.poll(() => fetched).toContain("https://evil.example/t)x");
    }
  });
}
