import { PHOTOS_PER_PAGE } from "../domain/constants.ts";
import type { Page } from "./contracts/common.ts";
import { type Photo, photoPage } from "./contracts/photos.ts";
import type { ApiResult, Http } from "./http.ts";
import { type SearchOptions, searchHeaders } from "./options.ts";
import { path } from "./path.ts";

export { PHOTOS_PER_PAGE };

/**
 * Which photos of an album: all of them, or (with a search token for the event) those
 * of one participant found by bib/surname (competitorId) or by face (personId).
 */
export interface PhotoQuery {
  albumId: string;
  competitorId?: string;
  personId?: string;
}

export interface ItsMeBody {
  itIsMe: boolean;
  tag: { photoTagId: string; name: string; value: string };
}

export interface ListAllOptions extends SearchOptions {
  /** Called after each page, so a gallery can render while the rest loads. */
  /** Called after each page; a returned promise is awaited before the next page is asked for. */
  onPage?: (page: Page<Photo>, loaded: number) => void | Promise<void>;
}

export interface PhotosApi {
  /** GET photo-service /photos: one page (offset, count ≤ 100); optional Bearer. */
  list(
    query: PhotoQuery & { offset?: number; count?: number },
    options?: SearchOptions,
  ): Promise<ApiResult<Page<Photo>>>;
  /** Pages through /photos 100 at a time until `total`; stops at the first failure. */
  listAll(query: PhotoQuery, options?: ListAllOptions): Promise<ApiResult<Photo[]>>;
  /** POST photo-service /photos/{photoId}/itsme: 204 on success. */
  itsMe(photoId: string, body: ItsMeBody, options?: SearchOptions): Promise<ApiResult<null>>;
}

export function createPhotosApi(http: Http): PhotosApi {
  const list: PhotosApi["list"] = (query, options) =>
    http.request("photo-service", "/photos", {
      query: { offset: 0, count: PHOTOS_PER_PAGE, ...query },
      contract: photoPage,
      auth: true,
      headers: searchHeaders(options),
      signal: options?.signal,
    });

  return {
    list,
    async listAll(query, options) {
      const photos: Photo[] = [];
      let total = Number.POSITIVE_INFINITY;
      let status = 200;
      while (photos.length < total) {
        const result = await list({ ...query, offset: photos.length }, options);
        if (!result.ok) return result;
        status = result.status;
        photos.push(...result.data.items);
        total = result.data.total;
        await options?.onPage?.(result.data, photos.length);
        // A backend whose total overstates what it has must not keep us looping.
        if (result.data.items.length === 0) break;
      }
      return { ok: true, status, data: photos };
    },
    itsMe: (photoId, body, options) =>
      http.request("photo-service", path`/photos/${photoId}/itsme`, {
        method: "POST",
        body,
        status: 204,
        responseType: "none",
        headers: searchHeaders(options),
        signal: options?.signal,
      }),
  };
}
