/** What the server accepts and makes; the reasons are in the decisions log. */
export const IMAGE_LIMITS = {
  /** Bytes of one uploaded file: a phone original (HEIC, JPEG) is 2 to 12 MB; TIFF scans more. */
  maxBytes: 30 * 1024 * 1024,
  /** Pixels of one image (width × height): above any phone camera, below a decompression bomb. */
  maxPixels: 100_000_000,
  /** Bytes of a browser thumbnail; a bigger one is ignored and made here instead. */
  maxThumbnailBytes: 1024 * 1024,
  /** Longest side of the display image the server makes. */
  displaySide: 1080,
  /** A browser-friendly image up to this side is kept as sent (the browser resizes to 1080). */
  keepSide: 1600,
  thumbnailSides: { image256: 256, image32: 32 },
  jpegQuality: { display: 85, thumbnail: 80 },
} as const;
