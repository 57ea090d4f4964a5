/// <reference types="vite/client" />
/**
 * HEIC and HEIF (iPhone photos), which Chromium cannot decode: libheif compiled to WebAssembly.
 * Loaded on the first HEIC file only (its own chunk and its .wasm file), then kept for the
 * worker's life. libheif applies the file's rotation and mirror itself.
 */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  display(target: ImageData, done: (result: ImageData | null) => void): void;
  free(): void;
}
interface LibHeif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}
type LibHeifFactory = (options: {
  locateFile: (path: string) => string;
  onRuntimeInitialized: () => void;
}) => LibHeif;

let loading: Promise<LibHeif> | null = null;
let decoder: InstanceType<LibHeif['HeifDecoder']> | null = null;

function loadLibHeif(): Promise<LibHeif> {
  loading ??= Promise.all([
    import('libheif-js/libheif-wasm/libheif.js'),
    import('libheif-js/libheif-wasm/libheif.wasm?url'),
  ]).then(
    ([code, wasm]) =>
      new Promise<LibHeif>((resolve) => {
        const factory = ((code as { default?: unknown }).default ?? code) as LibHeifFactory;
        const wasmUrl = (wasm as { default: string }).default;
        // The factory fills the options object itself with the module's functions.
        const options = {
          locateFile: () => wasmUrl,
          onRuntimeInitialized: () => resolve(options as unknown as LibHeif),
        };
        factory(options);
      }),
  );
  loading.catch(() => (loading = null));
  return loading;
}

/** The file's primary picture as pixels, or null when libheif cannot read it. */
export async function decodeHeif(bytes: Uint8Array): Promise<ImageData | null> {
  const libheif = await loadLibHeif();
  decoder ??= new libheif.HeifDecoder();
  // Each decode frees the previous file's context: one per worker at a time.
  const [image] = decoder.decode(bytes);
  if (!image) return null;
  try {
    const pixels = new ImageData(image.get_width(), image.get_height());
    return await new Promise<ImageData | null>((resolve) => image.display(pixels, resolve));
  } finally {
    image.free();
  }
}
