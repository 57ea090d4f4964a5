import sharp from 'sharp';
import type { MediaStorage } from '../../media/storage.ts';

export interface SeedPhoto {
  readonly image: string;
  readonly image256: string;
  readonly image32: string;
}

/** A garment silhouette in one colour on a light studio background, as an SVG. */
function garmentSvg(hex: string, shape: number): string {
  const shapes = [
    'M150 120 L250 90 L350 120 L440 220 L390 270 L350 230 L350 700 L150 700 L150 230 L110 270 L60 220 Z', // t-shirt
    'M190 100 L310 100 L330 300 L420 700 L80 700 L170 300 Z', // dress
    'M150 100 L350 100 L370 700 L270 700 L250 320 L230 700 L130 700 Z', // trousers
    'M120 260 Q250 120 380 260 L400 640 L100 640 Z M200 260 Q250 170 300 260', // bag
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="800" viewBox="0 0 500 800">
  <rect width="500" height="800" fill="#f3f1ee"/>
  <ellipse cx="250" cy="730" rx="190" ry="22" fill="#dcd8d2"/>
  <path d="${shapes[shape % shapes.length]}" fill="${hex}" stroke="#00000033" stroke-width="4"/>
</svg>`;
}

/**
 * Real JPEG photos (and the 256 px and 32 px thumbnails the data model names) for the demo data,
 * drawn with sharp so a fresh install shows pictures without shipping any.
 */
export async function makeSeedPhotos(
  media: MediaStorage,
  colors: readonly string[],
): Promise<SeedPhoto[]> {
  const photos: SeedPhoto[] = [];
  for (const [i, hex] of colors.entries()) {
    const full = await sharp(Buffer.from(garmentSvg(hex, i)))
      .jpeg({ quality: 82 })
      .toBuffer();
    const thumb = await sharp(full)
      .resize(256, 256, { fit: 'cover' })
      .jpeg({ quality: 78 })
      .toBuffer();
    const tiny = await sharp(full)
      .resize(32, 32, { fit: 'cover' })
      .jpeg({ quality: 70 })
      .toBuffer();
    photos.push({
      image: await media.put(full, 'image/jpeg'),
      image256: await media.put(thumb, 'image/jpeg'),
      image32: await media.put(tiny, 'image/jpeg'),
    });
  }
  return photos;
}
