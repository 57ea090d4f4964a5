/// <reference lib="webworker" />
/**
 * The baseline: the browser's own resize ('high' quality createImageBitmap) making the same
 * outputs as our pipeline: the photo at its target size and the 256 and 32 px thumbnails, each
 * from the previous step, all three encoded as JPEG at the same quality. One photo per message;
 * the answer is the bytes written.
 */
interface NativeJob {
  readonly photo: Blob;
  readonly width: number;
  readonly height: number;
  readonly thumbSides: readonly number[];
  readonly quality: number;
}

const fit = (width: number, height: number, side: number) => {
  const scale = Math.min(1, side / Math.max(width, height));
  return {
    resizeWidth: Math.max(1, Math.round(width * scale)),
    resizeHeight: Math.max(1, Math.round(height * scale)),
  };
};

self.onmessage = async (event: MessageEvent<NativeJob>) => {
  const { photo, width, height, thumbSides, quality } = event.data;
  const bitmaps = [
    await createImageBitmap(photo, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'high',
      imageOrientation: 'from-image',
    }),
  ];
  for (const side of thumbSides) {
    const from = bitmaps.at(-1)!;
    bitmaps.push(
      await createImageBitmap(from, {
        ...fit(from.width, from.height, side),
        resizeQuality: 'high',
      }),
    );
  }
  const blobs = await Promise.all(
    bitmaps.map((bitmap) => {
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      bitmap.close();
      return canvas.convertToBlob({ type: 'image/jpeg', quality });
    }),
  );
  self.postMessage(blobs.reduce((sum, blob) => sum + blob.size, 0));
};
