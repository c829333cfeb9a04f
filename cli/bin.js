#!/usr/bin/env node
// The `storefront` command. The CLI is TypeScript run through tsx, so no compile step
// stands between a clone and a working command.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv);
