import { configure } from "mobx";
import type { Language, RuntimeSettings } from "../../../cli/config/schema.ts";
import { AuthStore } from "./AuthStore.ts";
import { ErrorStore } from "./ErrorStore.ts";
import { LanguageStore } from "./LanguageStore.ts";
import { NotificationStore } from "./NotificationStore.ts";
import { SettingsStore } from "./SettingsStore.ts";
import type { KeyValueStorage } from "./types.ts";
import { UiStore } from "./UiStore.ts";

configure({ enforceActions: "observed" });

export interface Environment {
  settings: RuntimeSettings;
  host: string;
  storage: KeyValueStorage;
  browserLanguages: readonly string[];
  width: number;
  touch: boolean;
  loadCatalog: (language: Language) => Promise<void>;
}

/** Builds every store with its dependencies passed in. Order matters: settings first. */
export class RootStore {
  readonly settings: SettingsStore;
  readonly language: LanguageStore;
  readonly errors: ErrorStore;
  readonly ui: UiStore;
  readonly notifications: NotificationStore;
  readonly auth: AuthStore;

  constructor(env: Environment) {
    this.settings = new SettingsStore(env.settings, env.host);
    this.language = new LanguageStore({
      settings: this.settings,
      storage: env.storage,
      browserLanguages: env.browserLanguages,
      loadCatalog: env.loadCatalog,
    });
    this.errors = new ErrorStore();
    this.ui = new UiStore(env.width, env.touch);
    this.notifications = new NotificationStore(this.ui);
    this.auth = new AuthStore();
  }
}
