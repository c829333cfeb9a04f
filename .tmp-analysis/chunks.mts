import { build } from "vite";
import { coreViteConfig } from "/work/main/cli/build/vite-config.ts";
const cfg = coreViteConfig("/tmp/core-analysis");
cfg.plugins = [...(cfg.plugins as any[]), {
  name: "report",
  generateBundle(_: unknown, bundle: Record<string, any>) {
    for (const [file, chunk] of Object.entries(bundle)) {
      if (chunk.type !== "chunk") continue;
      if (!/^assets\/(app|view|shop|FaceSearchHere|EventPhotosScreen)-/.test(file)) continue;
      const mods = Object.entries(chunk.modules as Record<string, { renderedLength: number }>)
        .map(([id, m]) => [id.replace(/^.*node_modules\//, "nm:").replace("/work/main/storefront/src/", ""), m.renderedLength] as const)
        .sort((a, b) => b[1] - a[1]);
      const total = mods.reduce((n, [, l]) => n + l, 0);
      console.log(`\n== ${file} ${total} B rendered`);
      for (const [id, l] of mods.slice(0, 25)) console.log(`  ${String(l).padStart(7)}  ${id}`);
    }
  },
}];
await build(cfg);
