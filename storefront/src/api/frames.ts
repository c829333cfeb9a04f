import type { ApiResult, Http } from "./http.ts";
import { type SearchOptions, searchHeaders } from "./options.ts";

export interface FramesApi {
  /**
   * GET frame-service /photos?photoId&frame: the photo composed with a frame, as an image.
   * Needs the event's search token; 401 means it expired.
   */
  preview(
    query: { photoId: string; frameId: string },
    options?: SearchOptions,
  ): Promise<ApiResult<Blob>>;
}

export function createFramesApi(http: Http): FramesApi {
  return {
    preview: ({ photoId, frameId }, options) =>
      http.request("frame-service", "/photos", {
        query: { photoId, frame: frameId },
        responseType: "blob",
        headers: searchHeaders(options),
        signal: options?.signal,
      }),
  };
}
