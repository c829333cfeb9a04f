/**
 * `storefront preview --api`: the replies of the real backend, as someone clicks through the
 * shop, held to what the shop expects (./reply.ts); each kind of mismatch (call, field, what)
 * printed once, in the terminal. Which call a request is, is read from its method and path
 * against the paths of the shop's own calls (the API document's paths).
 */
import { oneLine } from "../../config/errors.ts";
import { type ApiCall, apiCalls } from "../inventory.ts";
import { checkReply, type SeenReply } from "./reply.ts";
import { mismatchLine } from "./report.ts";

/** The shop's call a request is, by its method and path; null for any other request. */
export function callMatcher(calls: readonly ApiCall[]) {
  const templates = calls
    .filter((call) => !call.path.startsWith("{"))
    .map((call) => ({
      call,
      segments: (call.service ? `/public/${call.service}/api/v1${call.path}` : call.path).split(
        "/",
      ),
    }))
    // A fixed segment before a parameter: /receipts/download before /receipts/{receiptId}.
    .sort((a, b) => params(a.segments) - params(b.segments));
  return (method: string, path: string): ApiCall | null => {
    const segments = path.split("/");
    for (const { call, segments: template } of templates) {
      if (call.method !== method || template.length !== segments.length) continue;
      const fits = template.every(
        (part, i) => (part.startsWith("{") && segments[i] !== "") || part === segments[i],
      );
      if (fits) return call;
    }
    return null;
  };
}

const params = (segments: readonly string[]) => segments.filter((s) => s.startsWith("{")).length;

/** Watches replies; `print` gets one line per new kind of mismatch. */
export function contractWatch(print: (line: string) => void) {
  const matching = apiCalls().then(callMatcher);
  const seen = new Set<string>();
  return {
    /** Checks one reply of the backend to `method path` (the path without its query). */
    async observe(method: string, path: string, reply: SeenReply): Promise<void> {
      const call = (await matching)(method, path);
      if (!call) return;
      // The shop handles an error status; its body is still held to {code, message}.
      for (const mismatch of checkReply(call, reply, "either")) {
        const line = mismatchLine(mismatch);
        const key = `${call.id}|${mismatch.kind}|${mismatch.field}|${mismatch.expected}`;
        if (seen.has(key)) continue;
        if (seen.size === 0) {
          print(
            "The backend's replies differ from what the shop expects (each kind once; `storefront check-api` checks every call):",
          );
        }
        seen.add(key);
        print(`  ✗ ${call.id}  ${method} ${oneLine(path)} → ${reply.status}: ${line}`);
      }
    },
  };
}
