/// <reference lib="webworker" />
/**
 * The baseline: the browser's own resize alone (createImageBitmap with a target size, 'high'
 * quality), nothing else, one photo per message.
 */
interface NativeJob {
  readonly photo: Blob;
  readonly width: number;
  readonly height: number;
}

self.onmessage = async (event: MessageEvent<NativeJob>) => {
  const { photo, width, height } = event.data;
  const bitmap = await createImageBitmap(photo, {
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: 'high',
    imageOrientation: 'from-image',
  });
  bitmap.close();
  self.postMessage('done');
};
