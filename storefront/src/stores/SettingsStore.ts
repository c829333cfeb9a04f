import { makeAutoObservable } from "mobx";
import { type HostOverrides, resolveHost } from "../domain/host.ts";
import type { RuntimeSettings } from "../settings-types.ts";

/** Tenant settings (read-only data from index.html) plus the theme-readiness flag. */
export class SettingsStore {
  readonly settings: RuntimeSettings;
  readonly host: HostOverrides;
  themeReady = false;

  constructor(settings: RuntimeSettings, host: string) {
    this.settings = settings;
    this.host = resolveHost(settings, host);
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the tenant settings and host overrides never change: observable copies read the same
    makeAutoObservable(this, { settings: false, host: false });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  get currencyId(): number {
    return this.host.currencyId;
  }

  markThemeReady(): void {
    this.themeReady = true;
  }
}
