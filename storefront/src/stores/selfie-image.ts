/**
 * Browser adapter: a photo as the JPEG face search wants. A JPEG of sensible size is sent
 * untouched; anything else (HEIC/PNG/WebP, or a huge camera photo) is drawn on a canvas,
 * downscaled and re-encoded. Tests pass their own function to FaceSearchStore.
 */
import { selfieNeedsReencode, selfieSize } from "../domain/search.ts";

export type PrepareSelfie = (file: Blob) => Promise<Blob>;

export const prepareSelfie: PrepareSelfie = async (file) => {
  if (typeof createImageBitmap !== "function") return file;
  const bitmap = await createImageBitmap(file);
  try {
    if (!selfieNeedsReencode(file.type, bitmap.width, bitmap.height)) return file;
    const { width, height } = selfieSize(bitmap.width, bitmap.height);
    if (typeof OffscreenCanvas === "function") {
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
      return await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
    }
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error("JPEG encoding failed"))),
        "image/jpeg",
        0.9,
      ),
    );
  } finally {
    bitmap.close();
  }
};
