// @vitest-environment node
/**
 * The face-search stand-in: the shipped samples give one person, several people and no
 * face; the selfie stays Processing for faceSearchDelayMs; size and type are checked.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import jpeg from "jpeg-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facesOf } from "../../../cli/preview/demo/faces.ts";
import type { Api, ApiResult } from "../../../storefront/src/api/index.ts";
import { MAX_SELFIE_BYTES } from "../../../storefront/src/api/index.ts";
import { apiFor, fakeClock, selfie, startDemo } from "./demo-server.ts";

const clock = fakeClock();
const MINUTE = 60_000;
let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo({ now: clock.now, faceSearchDelayMs: MINUTE });
  api = apiFor(demo.origin);
});
afterAll(() => demo.close());

const codeOf = (r: ApiResult<unknown>) => (r.error?.kind === "http" ? r.error.code : null);

describe("face search", () => {
  it("knows the shipped samples by their content", () => {
    const dir = join(import.meta.dirname, "../../fixtures/selfies");
    const read = (name: string) => readFileSync(join(dir, name));
    expect(facesOf(read("one-person.jpg"))).toBe("one");
    expect(facesOf(read("several-people.jpg"))).toBe("several");
    expect(facesOf(read("no-face.jpg"))).toBe("none");
  });

  it("knows them after the shop re-encoded them (their bytes never arrive as shipped)", () => {
    const dir = join(import.meta.dirname, "../../fixtures/selfies");
    const reencoded = (name: string) => {
      const image = jpeg.decode(readFileSync(join(dir, name)), { useTArray: true });
      return jpeg.encode(image, 90).data;
    };
    expect(facesOf(reencoded("one-person.jpg"))).toBe("one");
    expect(facesOf(reencoded("several-people.jpg"))).toBe("several");
    expect(facesOf(reencoded("no-face.jpg"))).toBe("none");
    expect(facesOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("one");
  });

  it("is Processing for about a minute, then finds the demo participant", async () => {
    const up = await api.recognition.upload("a1002", selfie("one-person"));
    expect(up.status).toBe(201);
    expect(up.data).toMatchObject({ state: "Processing", persons: [], albumId: "a1002" });
    clock.advance(MINUTE - 1);
    expect((await api.recognition.get(up.data?.selfieId ?? "")).data?.state).toBe("Processing");
    clock.advance(1);
    const done = (await api.recognition.get(up.data?.selfieId ?? "")).data;
    expect(done?.state).toBe("Completed");
    expect(done?.persons.map((p) => p.competitorId)).toEqual(["1002-201"]);
    expect(done?.persons[0]?.photoIds.length).toBe(done?.persons[0]?.photoCount);
  });

  it.each([
    ["several-people", 3],
    ["no-face", 0],
  ] as const)("%s gives %i persons (rejected by the storefront)", async (name, persons) => {
    const up = await api.recognition.upload("a1001", selfie(name));
    clock.advance(MINUTE);
    const done = await api.recognition.get(up.data?.selfieId ?? "");
    expect(done.data?.persons).toHaveLength(persons);
  });

  it("refuses a photo over 8 MB, a file that is not a JPEG, a missing file and an unknown album", async () => {
    const big = new Uint8Array(MAX_SELFIE_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await api.recognition.upload("a1001", new Blob([big], { type: "image/jpeg" }));
    expect([tooBig.status, codeOf(tooBig)]).toEqual([413, "SelfieTooLarge"]);
    const png = await api.recognition.upload("a1001", new Blob(["\x89PNG"], { type: "image/png" }));
    expect([png.status, codeOf(png)]).toEqual([415, "SelfieNotJpeg"]);
    const empty = await fetch(
      `${demo.origin}/public/recognition-service/api/v1/selfies?albumId=a1001`,
      {
        method: "POST",
        body: new FormData(),
      },
    );
    expect(empty.status).toBe(400);
    const album = await api.recognition.upload("a9999", selfie("one-person"));
    expect([album.status, codeOf(album)]).toEqual([404, "AlbumNotFound"]);
  });

  it("accepts a selfie of exactly 8 MB", async () => {
    const edge = new Uint8Array(MAX_SELFIE_BYTES);
    edge.set([0xff, 0xd8, 0xff]);
    const up = await api.recognition.upload("a1001", new Blob([edge], { type: "image/jpeg" }));
    expect(up.status).toBe(201);
  });

  it("deletes the selfie itself once its search is done, keeping who was found", async () => {
    const up = await api.recognition.upload("a1002", selfie("one-person"));
    const id = up.data?.selfieId ?? "";
    const fileUrl = `/public/recognition-service/api/v1/selfies/${id}/file`;
    expect((await api.recognition.file(fileUrl)).status).toBe(200);
    clock.advance(MINUTE);
    const done = await api.recognition.get(id);
    expect(done.data?.persons.map((p) => p.competitorId)).toEqual(["1002-201"]);
    expect(demo.demo.state.selfies.get(id)?.jpeg.length).toBe(0);
    const gone = await api.recognition.file(fileUrl);
    expect([gone.status, codeOf(gone)]).toEqual([410, "SelfieDeleted"]);
    expect((await api.recognition.get(id)).data?.persons).toHaveLength(1);
  });
});
