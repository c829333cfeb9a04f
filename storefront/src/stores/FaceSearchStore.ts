import { makeAutoObservable, runInAction } from "mobx";
import type { FindApi, Selfie } from "../api/index.ts";
import { MAX_SELFIE_BYTES } from "../api/recognition.ts";
import { CHUNK_LOAD_TIMEOUT_MS } from "../domain/constants.ts";
import {
  FACE_SEARCH_GIVE_UP_MS,
  faceOutcome,
  faceSearchProgress,
  pollDelayMs,
} from "../domain/search.ts";
import { SELFIE_SNIFF_BYTES, SelfieUnusableError, selfieRefusal } from "../domain/selfie.ts";
import { withTimeout } from "../domain/with-timeout.ts";
import type { MyPhotosStore } from "./MyPhotosStore.ts";
import type { PrepareSelfie } from "./selfie-image.ts";

/** Face-capture errors of spec §5/§8. */
export type FaceSearchError =
  | "too-large"
  | "not-image"
  | "format-unreadable"
  | "damaged"
  | "several"
  | "none"
  | "failed";
export type FaceSearchPhase = "idle" | "uploading" | "searching" | "done" | "error";

export interface FaceSearchDeps {
  api: FindApi;
  myPhotos: MyPhotosStore;
  /** Converts or downscales the photo to JPEG (canvas in the browser). */
  prepare?: PrepareSelfie;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** The participant's agreement per event (the shop always passes it): no selfie is sent without it. */
  consent?: { has(eventId: string): boolean };
}

const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Face search (spec §4, §5): refuse files over 8 MB and files that are not photos, send
 * face.jpg, poll GET /selfies/{id} with back-off until Completed, then exactly one face opens
 * that person's photos.
 */
export class FaceSearchStore {
  phase: FaceSearchPhase = "idle";
  error: FaceSearchError | null = null;
  /** 0–1 while searching, paced on the ~1 minute the real service takes. */
  progress = 0;
  selfie: Selfie | null = null;
  private readonly deps: FaceSearchDeps;
  private run = 0;

  constructor(deps: FaceSearchDeps) {
    this.deps = deps;
    makeAutoObservable<FaceSearchStore, "deps" | "run">(this, {
      deps: false,
      // Stryker disable next-line BooleanLiteral: equivalent, the counter is only compared after awaits, never read by a view
      run: false,
    });
  }

  get busy(): boolean {
    return this.phase === "uploading" || this.phase === "searching";
  }

  reset(): void {
    // Stryker disable next-line UpdateOperator: equivalent, only reset() changes it: counting down gives new values too
    this.run++;
    this.phase = "idle";
    this.error = null;
    this.progress = 0;
    this.selfie = null;
  }

  /** Searches the event's album for the face on `file`; true when one face was found. */
  async search(eventId: string, albumId: string, file: Blob): Promise<boolean> {
    this.reset();
    const run = this.run;
    if (this.deps.consent && !this.deps.consent.has(eventId)) return false;
    if (file.size > MAX_SELFIE_BYTES) return this.fail(run, "too-large");
    // Nothing but a photo is sent: a text file renamed .jpg is refused here, not by the service.
    const head = new Uint8Array(await file.slice(0, SELFIE_SNIFF_BYTES).arrayBuffer());
    if (run !== this.run) return false;
    const refusal = selfieRefusal(file.size, head, MAX_SELFIE_BYTES);
    if (refusal) return this.fail(run, refusal);
    runInAction(() => {
      this.phase = "uploading";
    });
    const now = this.deps.now ?? Date.now;
    const sleep = this.deps.sleep ?? realSleep;
    let jpeg: Blob;
    try {
      // The canvas work loads with the first photo picked: the screen never needs it before.
      const prepare =
        this.deps.prepare ??
        (await withTimeout(import("./selfie-image.ts"), CHUNK_LOAD_TIMEOUT_MS)).prepareSelfie;
      jpeg = await prepare(file);
    } catch (error) {
      // A photo this device cannot read says why; anything else (the canvas code failing to
      // load, offline) may pass on a second try.
      return this.fail(run, error instanceof SelfieUnusableError ? error.reason : "failed");
    }
    if (jpeg.size > MAX_SELFIE_BYTES) return this.fail(run, "too-large");
    const uploaded = await this.deps.api.recognition.upload(albumId, jpeg);
    if (run !== this.run) return false;
    if (!uploaded.ok) return this.fail(run, uploaded.status === 413 ? "too-large" : "failed");
    const started = now();
    let selfie = uploaded.data;
    runInAction(() => {
      this.phase = "searching";
      this.selfie = selfie;
    });
    for (let attempt = 0; selfie.state !== "Completed"; attempt++) {
      if (now() - started > FACE_SEARCH_GIVE_UP_MS) return this.fail(run, "failed");
      await sleep(pollDelayMs(attempt));
      if (run !== this.run) return false;
      const polled = await this.deps.api.recognition.get(selfie.selfieId);
      if (run !== this.run) return false;
      if (!polled.ok) return this.fail(run, "failed");
      selfie = polled.data;
      const elapsed = now() - started;
      runInAction(() => {
        this.progress = faceSearchProgress(elapsed);
      });
    }
    const outcome = faceOutcome(selfie.persons);
    const person = selfie.persons[0];
    if (outcome !== "one" || !person)
      return this.fail(run, outcome === "several" ? "several" : "none");
    runInAction(() => {
      this.selfie = selfie;
      this.progress = 1;
      this.phase = "done";
    });
    await this.deps.myPhotos.showFace(eventId, {
      kind: "face",
      selfieId: selfie.selfieId,
      personId: person.personId,
      competitorId: person.competitorId,
    });
    return true;
  }

  private fail(run: number, error: FaceSearchError): false {
    if (run === this.run) {
      runInAction(() => {
        this.phase = "error";
        this.error = error;
      });
    }
    return false;
  }
}
