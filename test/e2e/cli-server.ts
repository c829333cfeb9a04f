/**
 * A `storefront` command that serves (preview) started on a port it picks itself (`--port 0`),
 * so no test run takes another's port: its origin once it prints it and answers. Waits on the
 * process, not the clock (a busy machine only makes it slower; the hook's timeout bounds it),
 * and fails with the command's own words if it stops before serving.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface CliServer {
  origin: string;
  process: ChildProcess;
}

export async function startCliServer(args: string[]): Promise<CliServer> {
  const child = spawn(process.execPath, ["cli/bin.js", ...args, "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const port = await new Promise<string>((done, fail) => {
    let stdout = "";
    child.stdout?.on("data", (d) => {
      stdout += d;
      const at = /http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
      if (at) done(at);
    });
    child.once("exit", (code) =>
      fail(new Error(`storefront ${args.join(" ")} stopped (${code}) before serving:\n${stderr}`)),
    );
  });
  const origin = `http://127.0.0.1:${port}`;
  // It listens before it prints its address; a few attempts cover a slow first answer.
  for (let attempt = 0; attempt < 100; attempt++) {
    const status = await fetch(`${origin}/`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { origin, process: child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(
    `storefront ${args.join(" ")} printed ${origin} but never answered 200:\n${stderr}`,
  );
}
