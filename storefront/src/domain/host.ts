import type { Language, RuntimeSettings } from "../settings-types.ts";

export interface HostOverrides {
  currencyId: number;
  language?: Language | undefined;
}

/** Per-host overrides: a US host brings currency 840 and English; unknown hosts use the defaults. */
export function resolveHost(
  config: Pick<RuntimeSettings, "hosts" | "currencyId">,
  host: string,
): HostOverrides {
  const name = host.toLowerCase();
  const entry = config.hosts.find((h) => h.host === name || h.host === name.split(":")[0]);
  return { currencyId: entry?.currencyId ?? config.currencyId, language: entry?.language };
}
