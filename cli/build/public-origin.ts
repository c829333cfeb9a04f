/**
 * Where the public reaches a tenant's pages, for the absolute addresses a shared link needs
 * (og:url, og:image): derived from its hosts, as nginx.conf serves them. Light: the build asks
 * it of every tenant it builds, before loading any rendering code.
 */
import type { Language, TenantConfig } from "../config/schema.ts";

/** A host the public reaches: a DNS name with a dot, not loopback, not an address. */
function usable(host: string): boolean {
  const name = host.replace(/:\d+$/, "");
  return (
    name.includes(".") &&
    !/^[\d.]+$/.test(name) &&
    name !== "localhost" &&
    !name.endsWith(".localhost")
  );
}

/**
 * The public origin of the tenant's pages in `language`: https:// and the host that forces that
 * language, else the first host that forces none, else the first host; null when the tenant has
 * no usable host (then its pages carry no absolute URL: no og:url, no og:image).
 */
export function publicOrigin(config: TenantConfig, language: Language): string | null {
  const hosts = config.hosts.filter((h) => usable(h.host));
  const host =
    hosts.find((h) => h.language === language) ?? hosts.find((h) => !h.language) ?? hosts[0];
  return host ? `https://${host.host}` : null;
}

/** The build's warnings about how the tenant's pages are shared. */
export function shareWarnings(config: TenantConfig): string[] {
  if (config.languages.available.every((l) => publicOrigin(config, l))) return [];
  return [
    "no host a visitor can reach (hosts: a name such as shop.example.com): its pages carry no og:image or og:url, so a shared link shows no picture",
  ];
}
