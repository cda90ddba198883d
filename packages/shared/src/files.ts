// Attachments (SPEC §5 "Upload on the detail page", SPEC §9): allowed types, MIME types, sizes.

export const ALLOWED_EXTENSIONS = [
  'zip',
  'rar',
  'pdf',
  'doc',
  'docx',
  'png',
  'jpeg',
  'jpg',
  'mp3',
  'mp4',
] as const;

export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

export const MIME_BY_EXTENSION: Readonly<Record<AllowedExtension, string>> = {
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

/**
 * The types staff may open in the browser's viewer (decision 0019): images and PDFs, served from
 * the sanitised copy with their exact type. Everything else is download only.
 */
export const VIEWABLE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

export const isViewableContentType = (mimetype: string): boolean =>
  (VIEWABLE_CONTENT_TYPES as readonly string[]).includes(mimetype);

/** Other names browsers and systems give the same types. */
const MIME_ALIASES: Readonly<Record<string, AllowedExtension>> = {
  'application/x-zip-compressed': 'zip',
  'application/x-zip': 'zip',
  'application/x-rar-compressed': 'rar',
  'application/x-rar': 'rar',
  'audio/mp3': 'mp3',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
};

/** Extension of a file name, lower case, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const base = fileName.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(extension: string): extension is AllowedExtension {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

export function isAllowedFileName(name: string): boolean {
  return isAllowedExtension(extensionOf(name));
}

/** Extension to show for a MIME type ("Archivo{n}.{ext}"); image/jpeg gives 'jpg'; '' if unknown. */
export function extensionFromMimetype(mime: string): string {
  const clean = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (clean === 'image/jpeg') return 'jpg';
  const alias = MIME_ALIASES[clean];
  if (alias) return alias;
  const found = ALLOWED_EXTENSIONS.find((ext) => MIME_BY_EXTENSION[ext] === clean);
  return found ?? '';
}

/** The `accept` map for react-dropzone: MIME type → extensions with their dot. */
export const ACCEPT_MAP: Readonly<Record<string, string[]>> = ALLOWED_EXTENSIONS.reduce<
  Record<string, string[]>
>((map, ext) => {
  const mime = MIME_BY_EXTENSION[ext];
  (map[mime] ??= []).push(`.${ext}`);
  return map;
}, {});

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/**
 * SPEC §9: bytes, KB, MB, GB in 1024 steps, one decimal when not whole.
 * 512 → "512 bytes", 1024 → "1 KB", 1536 → "1.5 KB", 125829120 → "120 MB".
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  if (bytes < 1024) return `${Math.round(bytes)} ${Math.round(bytes) === 1 ? 'byte' : 'bytes'}`;
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  let rounded = Math.round(value * 10) / 10;
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = Math.round((rounded / 1024) * 10) / 10;
    unit += 1;
  }
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return `${text} ${UNITS[unit]}`;
}
