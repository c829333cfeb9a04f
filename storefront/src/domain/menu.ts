import { type RouteName, routes } from "../routes.ts";
import type { MenuItem } from "../settings-types.ts";

export interface MenuEntry {
  route: RouteName;
  path: string;
}

const ROUTE_OF: Record<MenuItem, RouteName> = {
  participants: "home",
  photographers: "photographers",
  organizers: "organizers",
  business: "business",
  contacts: "contacts",
};

/** Menu of spec §2: the tenant's items in order; /my-account only when signed in, before contacts. */
export function menuEntries(items: readonly MenuItem[], signedIn: boolean): MenuEntry[] {
  const entries: MenuEntry[] = items.map((item) => {
    const route = ROUTE_OF[item];
    return { route, path: routes[route].path };
  });
  if (signedIn) {
    const account: MenuEntry = { route: "my-account", path: routes["my-account"].path };
    const contacts = entries.findIndex((e) => e.route === "contacts");
    entries.splice(contacts === -1 ? entries.length : contacts, 0, account);
  }
  return entries;
}

/** Whether a landing route may be shown: only when the tenant's menu lists its item (spec §2). */
export function menuAllows(items: readonly MenuItem[], route: RouteName): boolean {
  return items.some((item) => ROUTE_OF[item] === route);
}
