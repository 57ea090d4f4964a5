import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/index.ts';
import { ACCEPT_ATTRIBUTE, acceptFiles, isImageFile, type AcceptMessage } from './acceptFiles.ts';

const file = (name: string, type = '') => ({ name, type });

function text(message: AcceptMessage, language: 'fr' | 'en'): string {
  const { key, level: _, ...values } = message;
  return createI18n(language).t(key, values);
}

describe('isImageFile', () => {
  it.each([
    'jpg',
    'JPEG',
    'png',
    'gif',
    'webp',
    'bmp',
    'svg',
    'heic',
    'HEIF',
    'tiff',
    'tif',
    'ico',
  ])('takes the extension %s without a type', (ext) =>
    expect(isImageFile(file(`photo.${ext}`))).toBe(true),
  );

  it('takes any image/ type whatever the name', () => {
    expect(isImageFile(file('scan', 'image/avif'))).toBe(true);
    expect(isImageFile(file('IMG.RAW', 'Image/x-raw'))).toBe(true);
  });

  it('refuses other files', () => {
    expect(isImageFile(file('notes.pdf', 'application/pdf'))).toBe(false);
    expect(isImageFile(file('jpg', ''))).toBe(false);
    expect(isImageFile(file('archive.jpg.zip', 'application/zip'))).toBe(false);
  });

  it('the picker accepts images and the listed extensions', () => {
    expect(ACCEPT_ATTRIBUTE.split(',')).toEqual(
      expect.arrayContaining(['image/*', '.heic', '.heif']),
    );
  });
});

describe('acceptFiles', () => {
  it('all images: no message', () => {
    const result = acceptFiles([file('a.jpg', 'image/jpeg'), file('b.heic')]);
    expect(result.accepted).toHaveLength(2);
    expect(result.message).toBeNull();
  });

  it('nothing given: no message', () => {
    expect(acceptFiles([]).message).toBeNull();
  });

  it('one non-image file: the error naming it, in both languages', () => {
    const { message, accepted } = acceptFiles([file('invoice.pdf', 'application/pdf')]);
    expect(accepted).toEqual([]);
    expect(text(message!, 'en')).toBe(
      'The file invoice.pdf is not an image. Please upload only image files (JPG, PNG, GIF, HEIC, etc.).',
    );
    expect(text(message!, 'fr')).toBe(
      "Le fichier invoice.pdf n'est pas une image. Veuillez n'envoyer que des fichiers image (JPG, PNG, GIF, HEIC, etc.).",
    );
    expect(message!.level).toBe('error');
  });

  it('several files, none an image: the error', () => {
    const { message } = acceptFiles([file('a.pdf'), file('b.txt', 'text/plain')]);
    expect(message!.level).toBe('error');
    expect(text(message!, 'en')).toMatch(/^None of the selected files are images/);
    expect(text(message!, 'fr')).toMatch(/^Aucun des fichiers sélectionnés n'est une image/);
  });

  it('some invalid: the warning with both counts, the images kept in order', () => {
    const files = [file('a.jpg'), file('b.pdf'), file('c.png'), file('d.doc'), file('e.webp')];
    const { message, accepted, rejected } = acceptFiles(files);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'c.png', 'e.webp']);
    expect(rejected.map((f) => f.name)).toEqual(['b.pdf', 'd.doc']);
    expect(message!.level).toBe('warning');
    expect(text(message!, 'en')).toBe(
      '2 file(s) were not images and have been ignored. 3 valid image(s) will be uploaded.',
    );
    expect(text(message!, 'fr')).toBe(
      "2 fichier(s) n'étaient pas des images et ont été ignorés. 3 image(s) valide(s) seront envoyées.",
    );
  });
});
