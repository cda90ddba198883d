// Pure rules of the attachment picker (SPEC §5 "Upload on the detail page", SPEC §9, DESIGN §4.11).
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, isAllowedFileName } from '@canal/shared';

/** What a picked or dropped file needs to have for these rules (a File has both). */
export interface NamedFile {
  name: string;
  size: number;
}

/** True when the file may be sent: an allowed extension and at most 120 MB. */
export function isAcceptableFile(file: NamedFile): boolean {
  return isAllowedFileName(file.name) && file.size > 0 && file.size <= MAX_FILE_BYTES;
}

export interface MergeResult<T extends NamedFile> {
  /** The new selection. */
  files: T[];
  /** Names refused because they break a rule (size, type, count). Duplicates are not refused, only skipped. */
  rejectedNames: string[];
}

/**
 * Adds the accepted files of a drop to the selection. A name already selected (or repeated in the
 * same drop) is not added twice; a file the dropzone let through that still breaks the type or size
 * rule, or that would go past `maxFiles`, is refused by name together with `rejectedNames`.
 */
export function mergeFiles<T extends NamedFile>(
  current: readonly T[],
  accepted: readonly T[],
  rejectedNames: readonly string[] = [],
  maxFiles: number = MAX_FILES_PER_REQUEST,
): MergeResult<T> {
  const files = [...current];
  const names = new Set(current.map((f) => f.name));
  const refused = [...rejectedNames];
  for (const file of accepted) {
    if (names.has(file.name)) continue;
    if (!isAcceptableFile(file) || files.length >= maxFiles) {
      refused.push(file.name);
      continue;
    }
    names.add(file.name);
    files.push(file);
  }
  return { files, rejectedNames: [...new Set(refused)] };
}

/** The selection without the file of that name. */
export function removeFile<T extends NamedFile>(files: readonly T[], name: string): T[] {
  return files.filter((f) => f.name !== name);
}

/** The names of react-dropzone's rejections (wrong type, too large, too small, too many files). */
export function namesOfRejections(rejections: readonly { file: { name: string } }[]): string[] {
  return rejections.map((r) => r.file.name);
}
