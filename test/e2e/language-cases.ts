/**
 * What language a server must answer in (spec §4 as the README words it), per request: the
 * same table is sent to `storefront preview` (prerender.spec.ts) and to nginx (nginx.spec.ts).
 */
import { languageCookieName } from "../../storefront/src/domain/pages.ts";
import type { TenantId } from "./tenants.ts";

/** Each tenant's own language cookie, as the app sets it. */
const MYSPORT = languageCookieName("mysport");
const TIMERMAN = languageCookieName("timerman");
const USA = languageCookieName("mysport-usa");

export interface LanguageCase {
  tenant: TenantId;
  what: string;
  headers: Record<string, string>;
  expected: "ru" | "en" | "es";
  /** Only through nginx: the preview answers only its own host names (a local tool). */
  nginxOnly?: boolean;
}

export const LANGUAGE_CASES: LanguageCase[] = [
  { tenant: "mysport", what: "no preference: the default", headers: {}, expected: "ru" },
  {
    tenant: "mysport",
    what: "a Russian browser",
    headers: { "Accept-Language": "ru-RU,ru;q=0.9" },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "an English browser",
    headers: { "Accept-Language": "en-US,en;q=0.9" },
    expected: "en",
  },
  {
    tenant: "mysport",
    what: "a CIS language (uk) → ru",
    headers: { "Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5" },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "a CIS language (kk) → ru",
    headers: { "Accept-Language": "kk" },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "any other language → en",
    headers: { "Accept-Language": "de-DE,de;q=0.9,ru;q=0.5" },
    expected: "en",
  },
  {
    tenant: "mysport",
    what: "es where the tenant has no es → en",
    headers: { "Accept-Language": "es-ES" },
    expected: "en",
  },
  {
    tenant: "mysport",
    what: "the visitor's choice beats the browser",
    headers: { "Accept-Language": "ru-RU", Cookie: `${MYSPORT}=en` },
    expected: "en",
  },
  {
    tenant: "mysport",
    what: "a choice of a language the tenant lacks is ignored",
    headers: { "Accept-Language": "ru-RU", Cookie: `${MYSPORT}=es` },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "an English host is always English",
    headers: { Host: "en.mysport.ru", "Accept-Language": "ru-RU", Cookie: `${MYSPORT}=ru` },
    expected: "en",
    nginxOnly: true,
  },
  {
    tenant: "timerman",
    what: "a Spanish browser where es is offered",
    headers: { "Accept-Language": "es-MX,es;q=0.9" },
    expected: "es",
  },
  {
    tenant: "timerman",
    what: "chosen es",
    headers: { "Accept-Language": "en-US", Cookie: `${TIMERMAN}=es` },
    expected: "es",
  },
  {
    tenant: "mysport-usa",
    what: "the US variant is always English",
    headers: { "Accept-Language": "ru-RU", Cookie: `${USA}=ru` },
    expected: "en",
  },
  {
    tenant: "ironstar",
    what: "a Russian browser",
    headers: { "Accept-Language": "ru" },
    expected: "ru",
  },
  {
    tenant: "myeventphoto",
    what: "an English browser",
    headers: { "Accept-Language": "en-GB" },
    expected: "en",
  },
  // Malformed input: every server reads it by one rule (domain/pages.ts firstAcceptedLanguage,
  // cookieValue, host.ts hostName). A first entry that is not a language range is no
  // preference; a cookie counts only when it is exactly one of the tenant's languages.
  {
    tenant: "mysport",
    what: "a first entry that starts with a digit is no preference",
    headers: { "Accept-Language": "1en" },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "a first entry that starts with a hyphen is no preference",
    headers: { "Accept-Language": "-en" },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "two words in the first entry are no language range",
    headers: { "Accept-Language": "en ru" },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "a tab inside the first entry is no language range",
    headers: { "Accept-Language": "en\tx" },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "whitespace and parameters around the first range are allowed",
    headers: { "Accept-Language": " \ten-GB ; q=0.8, ru" },
    expected: "en",
  },
  {
    tenant: "mysport",
    what: "a cookie with more after the language is no choice",
    headers: { "Accept-Language": "ru", Cookie: `${MYSPORT}=en|x` },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "a cookie in another case is no choice",
    headers: { "Accept-Language": "ru", Cookie: `${MYSPORT}=EN` },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "whitespace around the cookie's name and value is dropped",
    headers: { "Accept-Language": "ru", Cookie: `a=1;${MYSPORT} = en ` },
    expected: "en",
  },
  {
    tenant: "mysport",
    what: "the first of two language cookies counts",
    headers: { "Accept-Language": "ru", Cookie: `${MYSPORT}=en; ${MYSPORT}=ru` },
    expected: "en",
  },
  {
    tenant: "mysport",
    what: "a fully qualified English host (trailing dot) is still English",
    headers: { Host: "en.mysport.ru.", "Accept-Language": "ru-RU" },
    expected: "en",
    nginxOnly: true,
  },
  {
    tenant: "mysport",
    what: "the cookie's name in capitals is the same cookie, as nginx reads it",
    headers: { "Accept-Language": "ru", Cookie: `${MYSPORT.toUpperCase()}=en` },
    expected: "en",
  },
  {
    tenant: "mysport",
    what: "another tenant's choice on the same host is not this tenant's",
    headers: { "Accept-Language": "ru", Cookie: `${TIMERMAN}=en; ${USA}=en` },
    expected: "ru",
  },
  {
    tenant: "mysport",
    what: "the cookie an older version shared by every tenant is read by none",
    headers: { "Accept-Language": "ru", Cookie: "storefront_lang=en" },
    expected: "ru",
  },
  {
    tenant: "timerman",
    what: "a Spanish first entry with parameters",
    headers: { "Accept-Language": "es;q=0.9,en" },
    expected: "es",
  },
];
