import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { clientKey, clientLimitStore } from '../../core/auth/client-limit-store';

const HOUR_MS = 60 * 60 * 1000;
/** The bot check's work is multiplied by this at each level (ALTCHA's counter, portal/bot-check). */
export const WORK_FACTOR = 4;
/** The highest level: 4⁵ = 1024 times the ordinary work. */
export const MAX_LEVEL = 5;

/** A place taken in the hour's count for one filing: kept when it commits, else given back. */
export interface FilingPlace {
  /** The bot-check level the filing's token must reach (one below the address's, see `level`). */
  readonly level: number;
  /** The filing committed: the place stays counted. */
  keep(): void;
  /** The filing did not happen (refused, cut, failed): the place is given back, once. */
  release(): Promise<void>;
}

/**
 * The per-address filing limit (issue 21): at most `max` complaints filed an hour from one
 * address, across instances (`client_limits`, keyed by an HMAC of the address). Only complaints
 * actually filed count: a place is taken when a filing starts and given back when it is refused or
 * fails, so a person whose tries failed validation, or an office whose colleagues report the same
 * incident, is not locked out by attempts. Before refusing anyone, a flood is slowed: from a third
 * of `max` filed in the hour the bot check's work for that address grows `WORK_FACTOR` times every
 * further sixth of `max` (with the default 60: ordinary work for the first 20, then ×4, ×16, ×64,
 * ×256 at 20, 30, 40 and 50), and the filing after `max` answers 429 with the wait.
 */
export class FilingLimit {
  private readonly hmacKey: KeyObject;
  private readonly harderFrom: number;
  private readonly step: number;

  constructor(
    private readonly db: Db,
    hmacSecret: Buffer,
    readonly max: number,
    private readonly windowMs = HOUR_MS,
  ) {
    this.hmacKey = createSecretKey(hmacSecret);
    this.harderFrom = Math.ceil(max / 3);
    this.step = Math.max(1, Math.ceil(max / 6));
  }

  private key(address: string): string {
    return clientKey(this.hmacKey, 'filings', address);
  }

  /** The bot-check level for `filed` complaints in the hour: 0 (ordinary) up to `MAX_LEVEL`. */
  levelFor(filed: number): number {
    if (filed < this.harderFrom) return 0;
    return Math.min(MAX_LEVEL, 1 + Math.floor((filed - this.harderFrom) / this.step));
  }

  /** The level of the challenges served to `address` now (`GET /v1/altcha`). */
  async level(address: string): Promise<number> {
    const { current } = await clientLimitStore.peek(this.db, this.key(address));
    return this.levelFor(current);
  }

  /**
   * Takes a place for one filing from `address`, or refuses with 429, a `Retry-After` and the wait
   * in words. The token may have been solved one level lower: the portal solves one ahead, and an
   * office's colleague must not be refused for the filing that raised the level meanwhile.
   */
  async take(address: string): Promise<FilingPlace> {
    const key = this.key(address);
    const taken = await clientLimitStore.reserve(this.db, key, this.windowMs, this.max);
    if ('full' in taken) {
      const seconds = Math.max(1, Math.ceil(taken.ttl / 1000));
      throw new AppError('FILING_LIMIT', refusal(seconds), seconds);
    }
    let settled = false;
    return {
      level: Math.max(0, this.levelFor(taken.taken) - 1),
      keep: () => {
        settled = true;
      },
      release: async () => {
        if (settled) return;
        settled = true;
        await clientLimitStore.release(this.db, key, taken.windowEndsAt);
      },
    };
  }
}

/** The Spanish answer of a refused filing: what was typed is kept, and when to try again. */
export function refusal(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes <= 1 ? 'en un minuto' : `en ${minutes} minutos`;
  return `Desde esta red ya se enviaron muchas denuncias en la última hora. Lo que escribió se conserva en el formulario: intente enviarla nuevamente ${wait}.`;
}
