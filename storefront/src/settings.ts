import type { RuntimeSettings } from "./settings-types.ts";

export const SETTINGS_ELEMENT_ID = "tenant-settings";

/** Reads the tenant settings the build embedded in index.html as a JSON data block. */
export function readSettings(doc: Document): RuntimeSettings {
  const text = doc.getElementById(SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) throw new Error(`#${SETTINGS_ELEMENT_ID} is missing from index.html`);
  return JSON.parse(text) as RuntimeSettings;
}
