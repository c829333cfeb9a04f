/**
 * No selfie leaves the phone with metadata (spec §5 face search; the face-search statement
 * promises the selfie is used only to find photos): a phone JPEG with EXIF GPS is re-encoded
 * before upload, a PNG named .jpg goes as the JPEG the service takes, a HEIC this browser cannot
 * read says so, and the 8 MB limit holds. What goes out is read off the wire.
 */
import { deflateSync } from "node:zlib";
import {
  COMMENT_TEXT,
  containsText,
  PHONE_MAKE,
  phoneSelfie,
  XMP_TEXT,
} from "../fixtures/selfies/phone-jpeg.ts";
import { fileOnDisk } from "./file-on-disk.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ locale: "en-US" });
test.setTimeout(60_000);

/**
 * The selfies that left the page, as the one transport handed them to the browser's fetch (the
 * multipart file of POST …/selfies, read in the page before it goes out; the service deletes
 * each one once its search is done, so it is never read back), and how many uploads went out.
 */
async function uploads(
  page: Page,
): Promise<{ count: () => number; stored: () => Promise<Buffer[]> }> {
  await page.addInitScript(() => {
    const sent: Promise<string>[] = [];
    (window as unknown as { sentSelfies: Promise<string>[] }).sentSelfies = sent;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const file = init?.body instanceof FormData ? init.body.get("file") : null;
      if (init?.method === "POST" && url.includes("/selfies") && file instanceof Blob) {
        sent.push(
          file.arrayBuffer().then((b) => {
            let text = "";
            for (const byte of new Uint8Array(b)) text += String.fromCharCode(byte);
            return btoa(text);
          }),
        );
      }
      return original(input, init);
    };
  });
  const read = () =>
    page.evaluate(() =>
      Promise.all((window as unknown as { sentSelfies: Promise<string>[] }).sentSelfies),
    );
  let count = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.endsWith("/selfies")) count++;
  });
  return {
    count: () => count,
    stored: async () => (await read()).map((b64) => Buffer.from(b64, "base64")),
  };
}

/** A real 64 × 64 PNG (a flat skin tone), built by hand: signature, IHDR, IDAT, IEND. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const side = 64;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(
    Array.from({ length: side }, () =>
      Buffer.from([0, ...Array(side).fill([224, 172, 105]).flat()]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The participant agrees to the face search first (nothing is sent before): then the upload. */
const AGREE = "I agree that my selfie is used to find my photos of this event";
const open = async (page: Page) => {
  await page.goto(tenantUrl("mysport", "/event/1002/photos?tab=mine"));
  await page.getByRole("checkbox", { name: AGREE }).check();
};
const found = (page: Page) =>
  expect(page.locator(".results")).toContainText("Found by your selfie", { timeout: 20_000 });

test("a phone JPEG with EXIF GPS leaves without any of its metadata", async ({ page }) => {
  const sent = await uploads(page);
  await open(page);
  const phone = Buffer.from(phoneSelfie());
  expect(containsText(phone, "Exif")).toBe(true);
  await page
    .getByLabel("Upload a photo")
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: phone });
  await found(page);
  expect(sent.count()).toBe(1);
  const [jpeg = Buffer.alloc(0)] = await sent.stored();
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  for (const text of ["Exif", PHONE_MAKE, XMP_TEXT, COMMENT_TEXT, "8BIM"])
    expect(containsText(jpeg, text), text).toBe(false);
  // Not the picked file with a few bytes cut: re-encoded by the browser.
  expect(jpeg.equals(phone)).toBe(false);
});

test("a PNG named shot.jpg goes as a real JPEG and is searched, not refused", async ({ page }) => {
  const sent = await uploads(page);
  await open(page);
  await page
    .getByLabel("Upload a photo")
    .setInputFiles({ name: "shot.jpg", mimeType: "image/jpeg", buffer: png() });
  await found(page);
  const [jpeg = Buffer.alloc(0)] = await sent.stored();
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
});

test("a HEIC this browser cannot read says so; over 8 MB says the limit; nothing is sent", async ({
  page,
}) => {
  const sent = await uploads(page);
  await open(page);
  const input = page.getByLabel("Upload a photo");
  const heic = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from("ftypheic", "latin1"),
    Buffer.alloc(2048, 7),
  ]);
  await input.setInputFiles({ name: "IMG_2042.HEIC", mimeType: "", buffer: heic });
  await expect(page.locator(".search-error")).toHaveText(
    "This browser cannot open this photo's format (such as HEIC). Choose a JPEG or PNG, or take a selfie.",
  );
  // A damaged JPEG (its name and type say JPEG, its data stops short).
  await input.setInputFiles({
    name: "cut.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from(phoneSelfie()).subarray(0, 600),
  });
  await expect(page.locator(".search-error")).toHaveText(
    "This photo is damaged or incomplete. Choose another photo.",
  );
  // A phone photo padded past 8 MB, picked from disk (fileOnDisk: no 8 MB through the protocol).
  await input.setInputFiles(
    fileOnDisk(
      test.info(),
      "huge.jpg",
      Buffer.concat([Buffer.from(phoneSelfie()), Buffer.alloc(8 * 1024 * 1024, 0)]),
    ),
  );
  await expect(page.locator(".search-error")).toHaveText("Upload a photo up to 8 MB");
  expect(sent.count()).toBe(0);
});
