import type { ComplaintFile } from '@canal/shared';

/** A complaint file as the API lists it: with its size in bytes. */
/** `fromTeam`: sent by the investigation team with a reply. */
export type DetailFile = ComplaintFile & { size: number; fromTeam: boolean };
