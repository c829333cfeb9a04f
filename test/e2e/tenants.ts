/** The tenants the e2e suite serves, each through `storefront preview` on its own port. */
export const TENANT_PORTS = {
  mysport: 4301,
  "mysport-usa": 4302,
  ironstar: 4303,
  timerman: 4304,
  myeventphoto: 4305,
} as const;

export type TenantId = keyof typeof TENANT_PORTS;

export const tenantUrl = (id: TenantId, path = "/") =>
  `http://127.0.0.1:${TENANT_PORTS[id]}${path}`;
