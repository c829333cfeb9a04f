import { makeAutoObservable, runInAction } from "mobx";
import { detectLanguage, languagePickerVisible } from "../domain/language.ts";
import { languageCookieName } from "../domain/pages.ts";
import type { Language } from "../settings-types.ts";
import type { CookieJar } from "./cookies.ts";
import type { SettingsStore } from "./SettingsStore.ts";
import type { KeyValueStorage } from "./types.ts";

export const LANGUAGE_STORAGE_KEY = "storefront.language";
/** The cookie lives as long as the cart's (spec: 365 days). */
const LANGUAGE_COOKIE_DAYS = 365;

/** The current language: detected once (spec §4), changed by the visitor, kept in local storage. */
export class LanguageStore {
  language: Language;
  /** True once the current language's messages have loaded. */
  loaded = false;
  private readonly settings: SettingsStore;
  private readonly storage: KeyValueStorage;
  private readonly loadMessages: (language: Language) => Promise<void>;
  private readonly cookies: CookieJar | undefined;

  constructor(deps: {
    settings: SettingsStore;
    storage: KeyValueStorage;
    browserLanguages: readonly string[];
    loadMessages: (language: Language) => Promise<void>;
    /** Where the choice is mirrored for the server (nginx, preview) to answer in it. */
    cookies?: CookieJar;
  }) {
    this.settings = deps.settings;
    this.storage = deps.storage;
    this.loadMessages = deps.loadMessages;
    this.cookies = deps.cookies;
    const s = deps.settings.settings;
    this.language = detectLanguage({
      available: s.languages.available,
      defaultLanguage: s.languages.default,
      usVariant: s.usVariant,
      hostLanguage: deps.settings.host.language,
      stored: deps.storage.getItem(LANGUAGE_STORAGE_KEY),
      browser: deps.browserLanguages,
    });
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<LanguageStore, "settings" | "storage" | "loadMessages" | "cookies">(this, {
      settings: false,
      storage: false,
      loadMessages: false,
      cookies: false,
    });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  /** This tenant's language cookie (its name is the servers' too, see domain/pages.ts). */
  private get cookieName(): string {
    return languageCookieName(this.settings.settings.id);
  }

  get available(): readonly Language[] {
    return this.settings.settings.languages.available;
  }

  /**
   * True while the app takes over a prerendered page: the build prerenders one page per language
   * for every host the bundle is served on, without any host's rules, so until the app is live
   * it renders what that page shows (hydration needs the same markup). A host that forces the
   * language (en.mysport.ru → en) has the language already; only its menu goes once live.
   */
  takingOverPage = false;

  /** A prerendered page is being taken over (true), or the app is live (false: the host's rules hold). */
  takeOverPage(on: boolean): void {
    this.takingOverPage = on;
  }

  get pickerVisible(): boolean {
    const s = this.settings.settings;
    return languagePickerVisible({
      picker: s.languages.picker,
      available: s.languages.available,
      usVariant: s.usVariant,
      hostLanguage: this.takingOverPage ? undefined : this.settings.host.language,
    });
  }

  /** The build's prerender renders each language in turn, whatever a visitor would get. */
  serveIn(language: Language): void {
    this.language = language;
  }

  /**
   * Loads the messages of the detected language; call once at start-up. A choice stored before
   * the cookie existed is mirrored to it now, so the server answers in it from the next visit.
   */
  async init(): Promise<void> {
    const stored = this.storage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored === this.language && this.cookies?.get(this.cookieName) !== stored) {
      this.cookies?.set(this.cookieName, stored, LANGUAGE_COOKIE_DAYS);
    }
    await this.loadMessages(this.language);
    runInAction(() => {
      this.loaded = true;
    });
  }

  /** Switches language: its messages load first so the page never shows a half-translated state. */
  async setLanguage(language: Language): Promise<void> {
    if (!this.available.includes(language) || language === this.language) return;
    await this.loadMessages(language);
    runInAction(() => {
      this.language = language;
    });
    this.storage.setItem(LANGUAGE_STORAGE_KEY, language);
    this.cookies?.set(this.cookieName, language, LANGUAGE_COOKIE_DAYS);
  }
}
