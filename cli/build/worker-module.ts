/**
 * A worker thread running one of the CLI's worker modules: the bundled CLI's .js beside the
 * calling chunk (scripts/build-cli.mjs builds each as an entry), or, run from the sources, the
 * .ts through tsx (registered in the worker first, as cli/bin.js does).
 */
import { Worker } from "node:worker_threads";

export function moduleWorker(name: string, callerUrl: string): Worker {
  if (!callerUrl.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, callerUrl));
  const source = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
  return new Worker(
    `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${source}); });`,
    { eval: true },
  );
}
