import type { Language, RuntimeSettings } from "../settings-types.ts";

export interface HostOverrides {
  currencyId: number;
  language?: Language | undefined;
}

/**
 * The name a Host header stands for: without its port, and without a trailing `.localhost`,
 * the form in which the preview serves a tenant's host on this machine (en.mysport.ru.localhost
 * is en.mysport.ru: browsers send every *.localhost name to the loopback interface).
 */
export function hostName(host: string): string {
  const name = host.toLowerCase().split(":")[0] ?? "";
  return name.endsWith(".localhost") ? name.slice(0, -".localhost".length) : name;
}

/** Per-host overrides: a US host brings currency 840 and English; unknown hosts use the defaults. */
export function resolveHost(
  config: Pick<RuntimeSettings, "hosts" | "currencyId">,
  host: string,
): HostOverrides {
  const name = hostName(host);
  const port = /:\d+$/.exec(host)?.[0] ?? "";
  // A host may be written with its port (preview.shop.example:8443).
  const entry = config.hosts.find((h) => h.host === name || h.host === name + port);
  return { currencyId: entry?.currencyId ?? config.currencyId, language: entry?.language };
}
