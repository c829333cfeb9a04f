/**
 * Who a Bearer token belongs to, for order history. The demo trusts any token: a JWT
 * is read (not verified) for its email or sub claim; any other token is its own name,
 * so `Authorization: Bearer runner@demo.example` sees the seeded history.
 */
export function identityOf(bearer: string | null): string | null {
  if (!bearer) return null;
  const parts = bearer.split(".");
  if (parts.length === 3) {
    try {
      const claims = JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString("utf8")) as {
        email?: unknown;
        sub?: unknown;
      };
      if (typeof claims.email === "string") return claims.email;
      if (typeof claims.sub === "string") return claims.sub;
    } catch {
      // not a JWT after all: fall through
    }
  }
  return bearer;
}
