import { expose, transfer } from 'comlink';
import { processImage, type IntakeResult, type ResizeOptions } from './image.impl.ts';

/** The results' buffers move to the page (transferred), never copied. */
const imageApi = {
  async process(file: Blob, options: ResizeOptions): Promise<IntakeResult> {
    const result = await processImage(file, options);
    if (result.kind === 'refused') return result;
    const buffers =
      result.kind === 'resized' ? [result.image, result.image256, result.image32] : [result.image];
    return transfer(result, buffers);
  },
};

expose(imageApi);

export type ImageApi = typeof imageApi;
