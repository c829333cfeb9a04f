import { type Selfie, selfie } from "./contracts/photos.ts";
import type { ApiResult, Http } from "./http.ts";
import { type CallOptions, TRANSFER_TIMEOUT_MS } from "./options.ts";
import { path } from "./path.ts";

/** Spec §5: a selfie of at most 8 MB. */
export const MAX_SELFIE_BYTES = 8 * 1024 * 1024;
export const SELFIE_FILE_NAME = "face.jpg";

export interface RecognitionApi {
  /** POST recognition-service /selfies?albumId: multipart `file` face.jpg (image/jpeg). */
  upload(albumId: string, file: Blob, options?: CallOptions): Promise<ApiResult<Selfie>>;
  /** GET recognition-service /selfies/{selfieId}: Processing, then Completed with persons. */
  get(selfieId: string, options?: CallOptions): Promise<ApiResult<Selfie>>;
  /** The uploaded selfie itself (Selfie.fileUrl) as a blob. */
  file(url: string, options?: CallOptions): Promise<ApiResult<Blob>>;
}

export function createRecognitionApi(http: Http): RecognitionApi {
  return {
    upload(albumId, file, options) {
      const jpeg = file.type === "image/jpeg" ? file : new Blob([file], { type: "image/jpeg" });
      const form = new FormData();
      form.append("file", jpeg, SELFIE_FILE_NAME);
      return http.request("recognition-service", "/selfies", {
        method: "POST",
        query: { albumId },
        body: form,
        contract: selfie,
        auth: true,
        signal: options?.signal,
        timeoutMs: TRANSFER_TIMEOUT_MS,
      });
    },
    get: (selfieId, options) =>
      http.request("recognition-service", path`/selfies/${selfieId}`, {
        contract: selfie,
        auth: true,
        signal: options?.signal,
      }),
    file: (url, options) =>
      http.requestUrl(url, { responseType: "blob", auth: true, signal: options?.signal }),
  };
}
