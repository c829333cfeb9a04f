/**
 * Each prerendered page's description (its <meta name="description"> and Open Graph
 * description: what a search result or a shared link shows under the title), as catalog
 * descriptors whose id is the English source. Only the CLI reads them (cli/build/page-meta.ts):
 * they are extracted into the build's own catalog beside the privacy policy's
 * (storefront/locales/policy/<language>.po, lingui.config.ts), so no byte of them reaches the
 * browser's catalogs.
 */
import type { PageKind } from "./pages.ts";
import type { Message } from "./privacy.ts";

export const PAGE_DESCRIPTIONS = {
  home: /*i18n*/ {
    id: "Find and buy photos of yourself from sports events on {tenantName}: search by bib number, surname or selfie, and download them right after the race.",
  },
  contacts: /*i18n*/ {
    id: "How to reach {tenantName} support: the support e-mail, its working hours and the privacy policy.",
  },
  organizers: /*i18n*/ {
    id: "{tenantName} for race organizers: photo coverage of your event and a shop where participants find and buy their photos, on commission, rent or a fixed fee.",
  },
  photographers: /*i18n*/ {
    id: "{tenantName} for sports photographers: shoot races and get paid for the photos participants buy. Leave a request to join.",
  },
  business: /*i18n*/ {
    id: "{tenantName} for business: advertising and partner brand zones in the photos and pages of sports events.",
  },
  "cart-shell": /*i18n*/ {
    id: "Your cart on {tenantName}: the photos and products you chose, ready for checkout.",
  },
  shell: /*i18n*/ {
    id: "Photos of a sports event on {tenantName}: find yourself by bib number, surname or selfie and buy your photos.",
  },
} satisfies Record<PageKind, Message>;
