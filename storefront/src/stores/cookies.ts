/** Cookie port: the document's cookies in the browser, a Map in tests. */
export interface CookieJar {
  get(name: string): string | null;
  /** Sets a first-party cookie on path / with SameSite=Lax that lives `days` days. */
  set(name: string, value: string, days: number): void;
}

export function memoryCookies(): CookieJar {
  const jar = new Map<string, string>();
  return {
    get: (name) => jar.get(name) ?? null,
    set: (name, value) => void jar.set(name, value),
  };
}

export function documentCookies(doc: Document): CookieJar {
  return {
    get(name) {
      for (const part of doc.cookie.split(";")) {
        const [key, ...rest] = part.trim().split("=");
        if (key !== name) continue;
        try {
          return decodeURIComponent(rest.join("="));
        } catch {
          return null; // a mangled cookie is treated as absent
        }
      }
      return null;
    },
    set(name, value, days) {
      const secure = doc.location?.protocol === "https:" ? "; Secure" : "";
      doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure}`;
    },
  };
}
