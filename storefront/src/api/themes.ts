import type { Page } from "./contracts/common.ts";
import { type ThemeImage, themeImagePage } from "./contracts/events.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";

/** Spec §9: theme images 50 per request. */
export const THEME_IMAGES_PER_REQUEST = 50;
export const DEFAULT_THEME_ID = "MySport";

export interface ThemesApi {
  /** GET themes-service /themeImages (offset 0, count 50): the banners of a theme. */
  images(themeId?: string, options?: CallOptions): Promise<ApiResult<Page<ThemeImage>>>;
}

export function createThemesApi(http: Http): ThemesApi {
  return {
    images: (themeId = DEFAULT_THEME_ID, options) =>
      http.request("themes-service", "/themeImages", {
        query: { themeId, offset: 0, count: THEME_IMAGES_PER_REQUEST },
        contract: themeImagePage,
        signal: options?.signal,
      }),
  };
}
