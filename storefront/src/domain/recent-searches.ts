/** How many recent searches the device keeps. */
export const MAX_RECENT_SEARCHES = 5;

/** Puts a search first, without duplicates (case-insensitive), keeping the newest five. */
export function rememberSearch(recent: readonly string[], query: string): string[] {
  const text = query.trim().slice(0, 100);
  if (!text) return [...recent];
  const rest = recent.filter((r) => r.toLowerCase() !== text.toLowerCase());
  return [text, ...rest].slice(0, MAX_RECENT_SEARCHES);
}
