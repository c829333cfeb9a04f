/**
 * Browser adapter: a photo as the face search wants it, and nothing more. Every selfie is
 * decoded and drawn on a canvas, downscaled when large, and re-encoded as JPEG, whatever its
 * size, name or claimed type: what leaves the device is the picture alone, never the phone's
 * EXIF (GPS position, device, time) or any other metadata, and a PNG named .jpg goes out as
 * the JPEG the service takes. The canvas writes no metadata; the segments are stripped once
 * more on the bytes, so a browser that ever did would still send none. Tests pass their own
 * function to FaceSearchStore.
 */
import { NotAJpegError, stripJpegMetadata } from "../domain/jpeg-metadata.ts";
import { selfieSize } from "../domain/search.ts";
import {
  SELFIE_SNIFF_BYTES,
  type SelfieFormat,
  SelfieUnusableError,
  selfieFormat,
} from "../domain/selfie.ts";

export { type SelfieUnusable, SelfieUnusableError } from "../domain/selfie.ts";

export type PrepareSelfie = (file: Blob) => Promise<Blob>;

/** Formats browsers commonly cannot decode (Chromium and Firefox read no HEIC). */
const OFTEN_UNREADABLE: ReadonlySet<SelfieFormat> = new Set(["heic", "avif"]);

export const prepareSelfie: PrepareSelfie = async (file) => {
  const format = selfieFormat(
    // Stryker disable next-line MethodExpression: equivalent: the format is told by the first 14 bytes at most, so the whole file gives the same answer (only more to read)
    new Uint8Array(await file.slice(0, SELFIE_SNIFF_BYTES).arrayBuffer()),
  );
  let encoded: Blob = file;
  if (canDecode()) {
    let image: Decoded;
    try {
      image = await decode(file);
    } catch {
      const reason = format && OFTEN_UNREADABLE.has(format) ? "format-unreadable" : "damaged";
      throw new SelfieUnusableError(reason, format);
    }
    encoded = await reencode(image);
  } else if (format !== "jpeg") {
    // No decoder at all (a bare web view): only a JPEG can go, with its metadata cut out.
    throw new SelfieUnusableError("format-unreadable", format);
  }
  try {
    const clean = stripJpegMetadata(new Uint8Array(await encoded.arrayBuffer()));
    return new Blob([clean as Uint8Array<ArrayBuffer>], { type: "image/jpeg" });
  } catch (error) {
    if (error instanceof NotAJpegError) throw new SelfieUnusableError("damaged", format);
    throw error;
  }
};

const canDecode = () => typeof createImageBitmap === "function" || typeof Image === "function";

/** Decoded (EXIF orientation applied), scaled to at most SELFIE_MAX_SIDE, encoded as JPEG. */
async function reencode(image: Decoded): Promise<Blob> {
  try {
    const { width, height } = selfieSize(image.width, image.height);
    if (width < 1 || height < 1) throw new Error("an image without pixels");
    if (typeof OffscreenCanvas === "function") {
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext("2d")?.drawImage(image.source, 0, 0, width, height);
      return await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
    }
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d")?.drawImage(image.source, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error("JPEG encoding failed"))),
        "image/jpeg",
        0.9,
      ),
    );
  } finally {
    image.close();
  }
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

/** The browser's decoder; an <img> where createImageBitmap is missing (older browsers). */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === "function") {
    const bitmap = await createImageBitmap(file);
    return {
      source: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: img,
    width: img.naturalWidth,
    height: img.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}
