/** What a bundler knows of a module once the graph is built (Rolldown's ModuleInfo, in part). */
export interface GraphModule {
  readonly importedIds: readonly string[];
}

/** Every module `entry` imports statically, itself included, added to `into`. */
export function staticallyReachable(
  entry: string,
  info: (id: string) => GraphModule | null,
  into = new Set<string>(),
): Set<string> {
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (into.has(id)) continue;
    into.add(id);
    queue.push(...(info(id)?.importedIds ?? []));
  }
  return into;
}
