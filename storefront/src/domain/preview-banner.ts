/**
 * The banner a deploy preview shows (`storefront publish --preview`): the server adds it to
 * every page of the preview, never to the live release. Only the CLI reads it, from the build's
 * own catalog (storefront/locales/policy/<language>.po, lingui.config.ts).
 */
import type { Message } from "./privacy.ts";

export const PREVIEW_BANNER: Message = /*i18n*/ { id: "Preview {name} — not live" };
