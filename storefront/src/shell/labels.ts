import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RouteName } from "../routes.ts";
import type { Language } from "../settings-types.ts";

/** Menu labels of the routes that appear in the menu. */
export const MENU_LABELS: Partial<Record<RouteName, MessageDescriptor>> = {
  home: msg`Participants`,
  photographers: msg`For photographers`,
  organizers: msg`For organizers`,
  business: msg`For business`,
  "my-account": msg`My account`,
  contacts: msg`Contacts`,
};

/** Each language named in itself, so a visitor finds their own whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ru: "Русский",
  en: "English",
  es: "Español",
};
