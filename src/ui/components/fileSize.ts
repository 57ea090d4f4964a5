const KB = 1024;
const MB = KB * KB;

/**
 * A file's size as the file cards show it (1-app-shell.md §9): in KB under 1 MB (whole, rounded
 * up, so a small file never reads 0), otherwise in MB with 2 decimals; numbers in the reader's
 * language. Answers the translation key and its values.
 */
export function fileSize(
  bytes: number,
  language: string,
): { key: 'forms.kilobytes' | 'forms.megabytes'; size: string } {
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  if (bytes < MB)
    return {
      key: 'forms.kilobytes',
      size: new Intl.NumberFormat(locale).format(
        Math.max(bytes > 0 ? 1 : 0, Math.ceil(bytes / KB)),
      ),
    };
  return {
    key: 'forms.megabytes',
    size: new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(bytes / MB),
  };
}
