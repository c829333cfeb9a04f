/** The HTML shell of the demo's own pages: no script, inline styles only. */
import { escapeXml } from "./escape.ts";

export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'";

export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f5f7fa;color:#1a1f2b}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px #0002}
h1{font-size:1.3rem;margin-top:0}table{width:100%;border-collapse:collapse}
td,th{padding:6px 4px;border-bottom:1px solid #e3e7ee;text-align:left}td.n{text-align:right}
form{display:inline-block;margin:8px 8px 0 0}
button{font:inherit;padding:10px 18px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#2e7d32;color:#fff}.decline{background:#c62828;color:#fff}.cancel{background:#e3e7ee}
.note{color:#4f5b6d;font-size:.9rem}
</style></head><body><main>${body}</main></body></html>`;
}
