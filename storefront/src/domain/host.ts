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
  const name = localName(hostName(host));
  const entry = config.hosts.find((h) => h.host === name || h.host === host.toLowerCase());
  return { currencyId: entry?.currencyId ?? config.currencyId, language: entry?.language };
}

/**
 * A Host header or location.hostname as a name to compare: lower case, without the port and
 * without the trailing dot of a fully qualified name (`EN.mysport.ru.:443` → `en.mysport.ru`),
 * as nginx's `$host` reads it, so a host's forced language holds however the name is spelled.
 */
export function hostName(host: string): string {
  const lower = host.toLowerCase();
  const bracket = lower.startsWith("[") ? lower.indexOf("]") : -1;
  // Stryker disable next-line EqualityOperator: equivalent, a name that starts with "[" has its "]" after index 0, so bracket is -1 or above 0
  const withoutPort = bracket > 0 ? lower.slice(0, bracket + 1) : lower.replace(/:\d*$/, "");
  return withoutPort.endsWith(".") ? withoutPort.slice(0, -1) : withoutPort;
}

/**
 * A tenant host as the preview serves it on this machine: `en.mysport.ru.localhost` is
 * `en.mysport.ru` (browsers send every *.localhost name to the loopback interface, so
 * `storefront preview --all --host-alias` needs no resolver set-up to try a host's rules).
 */
export function localName(name: string): string {
  return name.endsWith(".localhost") ? name.slice(0, -".localhost".length) : name;
}
