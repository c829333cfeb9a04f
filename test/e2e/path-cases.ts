/**
 * What a visitor gets for each kind of path, the same on `storefront preview` and on nginx with
 * the generated nginx.conf: test/e2e/paths.spec.ts sends every case, byte for byte, to both.
 * The browser tests run on the preview, so the preview must answer as production does.
 *
 * `{js}` stands for the bundle's largest script under /assets/ (its name has a content hash).
 */

/** What the body is: a page of _pages/ in the default language, a file of the bundle, or neither. */
export type PathBody =
  | { kind: "page"; page: "home" | "contacts" | "shell" }
  | { kind: "file"; file: string }
  | { kind: "error" };

export interface PathCase {
  path: string;
  /** Why the path is in the table, in the product's words. */
  what: string;
  status: number;
  body: PathBody;
  /** Cache-Control of a success: hashed files for a year, everything else revalidated. */
  cache?: "immutable" | "no-cache";
  /** The Content-Type (nginx takes it from the system's mime.types: JavaScript has two names). */
  type?: RegExp;
  /** The sign-in callback: framed by the shop itself when the tenant has sign-in. */
  callback?: true;
}

const page = (name: "home" | "contacts" | "shell"): PathBody => ({ kind: "page", page: name });
const file = (name: string): PathBody => ({ kind: "file", file: name });
const error: PathBody = { kind: "error" };
const html = /^text\/html/;

export const PATH_CASES: readonly PathCase[] = [
  // The app's addresses: the prerendered page of the path, or the shell.
  {
    path: "/",
    what: "the home page",
    status: 200,
    body: page("home"),
    cache: "no-cache",
    type: html,
  },
  {
    path: "/index.html",
    what: "the app page by name",
    status: 200,
    body: page("home"),
    cache: "no-cache",
  },
  {
    path: "/contacts",
    what: "a prerendered route",
    status: 200,
    body: page("contacts"),
    type: html,
  },
  {
    path: "/contacts/",
    what: "a route with a trailing slash",
    status: 200,
    body: page("contacts"),
  },
  {
    path: "/%63ontacts",
    what: "a route spelled with percent-encoding",
    status: 200,
    body: page("contacts"),
  },
  { path: "//contacts", what: "a route with a doubled slash", status: 200, body: page("contacts") },
  {
    path: "/CONTACTS",
    what: "a route in capitals: no route of the app (its routes are case-sensitive), so the shell",
    status: 200,
    body: page("shell"),
  },
  {
    path: "/Index.html",
    what: "the app page's name in another case",
    status: 200,
    body: page("shell"),
  },
  {
    path: "/x/../contacts",
    what: "a route through a dot segment",
    status: 200,
    body: page("contacts"),
  },
  {
    path: "/event/1003",
    what: "a route of the app",
    status: 200,
    body: page("shell"),
    cache: "no-cache",
  },
  {
    path: "/event/1003/photos?from=10",
    what: "a route with a query",
    status: 200,
    body: page("shell"),
  },
  { path: "/search/1003/O.Brien", what: "a surname with a dot", status: 200, body: page("shell") },
  { path: "/nope.x", what: "a missing path with a dot", status: 200, body: page("shell") },
  { path: "/nope/", what: "a missing folder", status: 200, body: page("shell") },
  { path: "/%ff", what: "a path that is not UTF-8", status: 200, body: page("shell") },
  {
    path: "//[",
    what: "a bracket after a doubled slash (a path, not a host)",
    status: 200,
    body: page("shell"),
  },
  {
    path: "//x:99999/",
    what: "a colon after a doubled slash (a path, not a port)",
    status: 200,
    body: page("shell"),
  },
  {
    path: "/auth-callback?code=x",
    what: "the sign-in callback",
    status: 200,
    body: page("shell"),
    callback: true,
  },
  // Files of the bundle are served as they are; a file's name with "/" after it is an app address.
  {
    path: "/policy.pdf",
    what: "the privacy policy",
    status: 200,
    body: file("policy.pdf"),
    cache: "no-cache",
    type: /^application\/pdf$/,
  },
  {
    path: "/offer.pdf",
    what: "the public offer (the checkout's offer agreement), in the default language",
    status: 200,
    body: file("offer.pdf"),
    cache: "no-cache",
    type: /^application\/pdf$/,
  },
  {
    path: "/offer.en.pdf",
    what: "the public offer in English, as the checkout links it for an English visitor",
    status: 200,
    body: file("offer.en.pdf"),
    cache: "no-cache",
    type: /^application\/pdf$/,
  },
  {
    path: "/robots.txt",
    what: "robots.txt",
    status: 200,
    body: file("robots.txt"),
    type: /^text\/plain/,
  },
  {
    path: "/favicon.svg",
    what: "the favicon",
    status: 200,
    body: file("favicon.svg"),
    type: /^image\/svg\+xml$/,
  },
  {
    path: "/manifest.webmanifest",
    what: "the web app manifest",
    status: 200,
    body: file("manifest.webmanifest"),
    type: /^application\/manifest\+json/,
  },
  {
    path: "/policy.pdf/",
    what: "the policy's name with a trailing slash",
    status: 200,
    body: page("shell"),
  },
  {
    path: "/offer.pdf/",
    what: "the offer's name with a trailing slash",
    status: 200,
    body: page("shell"),
  },
  {
    path: "/offer.de.pdf",
    what: "the offer in a language no tenant offers: no file, an app address",
    status: 200,
    body: page("shell"),
  },
  {
    path: "/robots.txt/",
    what: "robots.txt with a trailing slash",
    status: 200,
    body: page("shell"),
  },
  {
    path: "/favicon.svg/",
    what: "the favicon with a trailing slash",
    status: 200,
    body: page("shell"),
  },
  // Hashed assets: the file for a year, or 404 (a stale page's old chunk fails as a chunk load).
  {
    path: "/assets/{js}",
    what: "a hashed script",
    status: 200,
    body: file("assets/{js}"),
    cache: "immutable",
    type: /^(text|application)\/javascript/,
  },
  {
    path: "/assets/{js}/",
    what: "a hashed script with a trailing slash",
    status: 404,
    body: error,
  },
  { path: "/assets/nope", what: "a missing asset without an extension", status: 404, body: error },
  {
    path: "/assets/index-0000000000.js",
    what: "a missing hashed script",
    status: 404,
    body: error,
  },
  { path: "/assets/", what: "the assets folder (never listed)", status: 404, body: error },
  {
    path: "/assets",
    what: "the assets folder without its slash",
    status: 200,
    body: page("shell"),
  },
  // Deploy files and the prerendered pages by their own names: never served, however spelled.
  { path: "/build-manifest.json", what: "the build manifest", status: 404, body: error },
  { path: "/nginx.conf", what: "the nginx server block", status: 404, body: error },
  { path: "/_headers", what: "the _headers file", status: 404, body: error },
  {
    path: "//build-manifest.json",
    what: "the manifest after a doubled slash",
    status: 404,
    body: error,
  },
  {
    path: "/assets/../nginx.conf",
    what: "nginx.conf through a dot segment",
    status: 404,
    body: error,
  },
  { path: "/%6Eginx.conf", what: "nginx.conf percent-encoded", status: 404, body: error },
  { path: "/NGINX.CONF", what: "nginx.conf in capitals", status: 404, body: error },
  { path: "/_headers/", what: "_headers with a trailing slash", status: 404, body: error },
  { path: "/_headers?x=1", what: "_headers with a query", status: 404, body: error },
  {
    path: "//x/build-manifest.json",
    what: "a manifest in a folder that does not exist",
    status: 200,
    body: page("shell"),
  },
  {
    path: "//x/nginx.conf",
    what: "nginx.conf in a folder that does not exist",
    status: 200,
    body: page("shell"),
  },
  {
    path: "/_pages/ru/home.html",
    what: "a prerendered page by its file name",
    status: 404,
    body: error,
  },
  {
    path: "/_pages/en/contacts.html",
    what: "another prerendered page by name",
    status: 404,
    body: error,
  },
  { path: "/_PAGES/ru/home.html", what: "the pages folder in capitals", status: 404, body: error },
  { path: "/_pages/", what: "the pages folder", status: 404, body: error },
  // Malformed targets: 400 (with the tenant's headers, like every answer).
  { path: "/%zz", what: "a malformed percent-encoding", status: 400, body: error },
  {
    path: "//%zz/",
    what: "a malformed percent-encoding after a doubled slash",
    status: 400,
    body: error,
  },
  { path: "/event/%2", what: "a truncated percent-encoding", status: 400, body: error },
  { path: "/a%00b", what: "an encoded NUL", status: 400, body: error },
  { path: "/../contacts", what: "a dot segment above the root", status: 400, body: error },
  {
    path: "/x/..%2f..%2fetc/passwd",
    what: "encoded slashes climbing above the root",
    status: 400,
    body: error,
  },
];
