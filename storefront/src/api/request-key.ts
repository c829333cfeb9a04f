/**
 * What identifies a request to the API, so an answer the page asked for before the app arrived
 * (boot/early-calls.ts) is handed to the identical request of the app (http.ts) and no other:
 * method, address (its parameters in any order), body and the search token it carries.
 */
export function callKey(
  method: string,
  url: string,
  body: string | undefined,
  searchToken: string | null,
): string {
  const u = new URL(url);
  u.searchParams.sort();
  return `${method} ${u.href} ${body ?? ""} ${searchToken ?? ""}`;
}
