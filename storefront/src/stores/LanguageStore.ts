import { makeAutoObservable, runInAction } from "mobx";
import type { Language } from "../../../cli/config/schema.ts";
import { detectLanguage, languagePickerVisible } from "../domain/language.ts";
import type { SettingsStore } from "./SettingsStore.ts";
import type { KeyValueStorage } from "./types.ts";

export const LANGUAGE_STORAGE_KEY = "storefront.language";

/** The current language: detected once (spec §4), changed by the visitor, kept in local storage. */
export class LanguageStore {
  language: Language;
  /** True once the current language's catalog has loaded. */
  loaded = false;
  private readonly settings: SettingsStore;
  private readonly storage: KeyValueStorage;
  private readonly loadCatalog: (language: Language) => Promise<void>;

  constructor(deps: {
    settings: SettingsStore;
    storage: KeyValueStorage;
    browserLanguages: readonly string[];
    loadCatalog: (language: Language) => Promise<void>;
  }) {
    this.settings = deps.settings;
    this.storage = deps.storage;
    this.loadCatalog = deps.loadCatalog;
    const s = deps.settings.settings;
    this.language = detectLanguage({
      available: s.languages.available,
      defaultLanguage: s.languages.default,
      usVariant: s.usVariant,
      hostLanguage: deps.settings.host.language,
      stored: deps.storage.getItem(LANGUAGE_STORAGE_KEY),
      browser: deps.browserLanguages,
    });
    makeAutoObservable<LanguageStore, "settings" | "storage" | "loadCatalog">(this, {
      settings: false,
      storage: false,
      loadCatalog: false,
    });
  }

  get available(): readonly Language[] {
    return this.settings.settings.languages.available;
  }

  get pickerVisible(): boolean {
    const s = this.settings.settings;
    return languagePickerVisible({
      picker: s.languages.picker,
      available: s.languages.available,
      usVariant: s.usVariant,
      hostLanguage: this.settings.host.language,
    });
  }

  /** Loads the catalog of the detected language; call once at start-up. */
  async init(): Promise<void> {
    await this.loadCatalog(this.language);
    runInAction(() => {
      this.loaded = true;
    });
  }

  /** Switches language: the catalog loads first so the page never shows a half-translated state. */
  async setLanguage(language: Language): Promise<void> {
    if (!this.available.includes(language) || language === this.language) return;
    await this.loadCatalog(language);
    runInAction(() => {
      this.language = language;
    });
    this.storage.setItem(LANGUAGE_STORAGE_KEY, language);
  }
}
