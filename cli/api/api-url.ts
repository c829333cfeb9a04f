/** The backend's address as `preview --api` and `check-api --api` take it. */

/** Why --api is not an http(s) URL of a backend, or null. */
export function apiUrlProblem(text: string): string | null {
  const refuse = `--api must be an http(s) URL of the backend (e.g. https://api.example.com), got ${JSON.stringify(text)}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return refuse;
  if (url.username || url.password)
    return `--api must not carry a user name or password: ${JSON.stringify(url.origin)}`;
  if (url.search || url.hash)
    return `--api must not have a query or fragment, got ${JSON.stringify(text)}`;
  return null;
}
