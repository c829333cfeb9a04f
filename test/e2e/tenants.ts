/** The tenants the e2e suite serves, each through `storefront preview` on its own port. */
// E2E_PORT_BASE moves all five (and every other port of the suite, test/ports.ts), so two runs
// can share a machine.
import { PORT_BASE as BASE } from "../ports.ts";

export const TENANT_PORTS = {
  mysport: BASE,
  "mysport-usa": BASE + 1,
  ironstar: BASE + 2,
  timerman: BASE + 3,
  myeventphoto: BASE + 4,
} as const;

export type TenantId = keyof typeof TENANT_PORTS;

export const tenantUrl = (id: TenantId, path = "/") =>
  `http://127.0.0.1:${TENANT_PORTS[id]}${path}`;
