import type { ComplaintFile } from '@canal/shared';

/** A complaint file as the API lists it: with its size in bytes. */
export type DetailFile = ComplaintFile & { size: number };
