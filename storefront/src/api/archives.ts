import { type Archive, archive, archiveCreatedHeaders } from "./contracts/files.ts";
import { HttpError } from "./errors.ts";
import type { ApiResult, Http } from "./http.ts";
import { type CallOptions, TRANSFER_TIMEOUT_MS } from "./options.ts";
import { path } from "./path.ts";

/** Which purchase to zip. */
export type ArchiveRequest = { orderId: string } | { preorderId: string };

/** Spec §7: a new archive is 201; any other status is an archive error. */
const ARCHIVE_CREATED = 201;

export interface ArchiveCreated {
  archiveId: string;
  /** Address of the archive resource (GET it for its state). */
  location: string;
}

export interface ArchivesApi {
  /**
   * POST archive-service /archives/: 201 expected, the result read from the Location and
   * X-Archive-Id headers. Any other status is an error (spec §7).
   */
  create(request: ArchiveRequest, options?: CallOptions): Promise<ApiResult<ArchiveCreated>>;
  /** GET archive-service /archives/{id}: Created, then Published with its fileUrl. */
  get(archiveId: string, options?: CallOptions): Promise<ApiResult<Archive>>;
  /** Downloads the zip at Archive.fileUrl. */
  file(url: string, options?: CallOptions): Promise<ApiResult<Blob>>;
}

export function createArchivesApi(http: Http): ArchivesApi {
  return {
    async create(request, options) {
      const result = await http.request("archive-service", "/archives/", {
        method: "POST",
        body: request,
        responseType: "headers",
        status: ARCHIVE_CREATED,
        contract: archiveCreatedHeaders,
        signal: options?.signal,
      });
      if (!result.ok) return result;
      if (result.status !== ARCHIVE_CREATED) {
        const message = `Archive creation answered ${result.status} instead of ${ARCHIVE_CREATED}`;
        const error = new HttpError(result.status, "UnexpectedStatus", message, null);
        return { ok: false, status: result.status, data: null, error };
      }
      const { "x-archive-id": archiveId, location } = result.data;
      return { ok: true, status: result.status, data: { archiveId, location } };
    },
    get: (archiveId, options) =>
      http.request("archive-service", path`/archives/${archiveId}`, {
        contract: archive,
        signal: options?.signal,
      }),
    file: (url, options) =>
      http.requestUrl(url, {
        responseType: "blob",
        signal: options?.signal,
        timeoutMs: TRANSFER_TIMEOUT_MS,
      }),
  };
}
