/**
 * The daemons project's set-up (vitest.config.ts): one Ceph cluster for the whole run, started
 * before the first file and stopped after the last, instead of one per file. Each test file
 * works in buckets of its own, so the files do not see each other's objects. What a file needs
 * to reach the store comes through vitest's `inject("ceph")`.
 */
import type { TestProject } from "vitest/node";
import { planBlock } from "../../ports.ts";
import { type CephAccess, startCeph } from "./ceph.ts";

declare module "vitest" {
  export interface ProvidedContext {
    ceph: CephAccess;
  }
}

export default async function setup(project: TestProject) {
  const { stop, ...access } = await startCeph(planBlock("unitCeph"));
  project.provide("ceph", access);
  return stop;
}
