/**
 * Fingerprinting protection (Brave, Firefox's resistFingerprinting, some extensions) blocks or
 * adds noise to canvas read-back, which would quietly spoil every resized photo. A known pattern
 * drawn and read back exactly tells the worker the canvas can be trusted.
 */
const SIDE = 4;
const pattern = (i: number) => [(i * 53) % 256, (i * 97 + 31) % 256, (i * 151 + 7) % 256, 255];

export function canvasReadsBack(): boolean {
  try {
    const canvas = new OffscreenCanvas(SIDE, SIDE);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return false;
    const drawn = new ImageData(SIDE, SIDE);
    for (let i = 0; i < SIDE * SIDE; i++) drawn.data.set(pattern(i), i * 4);
    context.putImageData(drawn, 0, 0);
    const read = context.getImageData(0, 0, SIDE, SIDE).data;
    return read.every((value, i) => value === drawn.data[i]);
  } catch {
    return false;
  }
}
