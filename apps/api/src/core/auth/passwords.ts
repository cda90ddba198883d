import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { AppError } from '../../errors';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as Options['algorithm'],
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** At most `concurrency` jobs at once, at most `maxQueue` waiting; beyond that, BUSY (503). */
class Lane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  /** Jobs waiting for a free slot. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw new AppError('BUSY');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Argon2 is deliberately expensive, so a burst must queue instead of taking all memory and CPU.
 * Two lanes that do not share capacity: verifications (sign-ins, which anyone can send in bulk)
 * and hashing new passwords (filing a complaint, resets, staff activation). A login flood fills
 * its own queue and is told to retry; filing keeps its slots. Hashing runs as many at once as the
 * machine has cores (a single slot left filing at about half of what argon2 alone does on two
 * cores; decision 0025); verification keeps one, so a sign-in flood never takes them all.
 */
export class PasswordHasher {
  private readonly verifying: Lane;
  private readonly hashing: Lane;
  // A real hash of a random secret: unknown tickets are verified against it so that they cost
  // the same time as a wrong password (no timing oracle for which codes exist).
  private dummy: Promise<string> | null = null;

  constructor(
    verifyConcurrency = 1,
    verifyQueue = 200,
    hashConcurrency = availableParallelism(),
    hashQueue = 50,
  ) {
    this.verifying = new Lane(verifyConcurrency, verifyQueue);
    this.hashing = new Lane(hashConcurrency, hashQueue);
  }

  /** Jobs waiting in both lanes (a metric). */
  get queued(): number {
    return this.verifying.queued + this.hashing.queued;
  }

  hash(password: string): Promise<string> {
    return this.hashing.run(() => hash(password, PASSWORD_HASH_OPTIONS));
  }

  verify(storedHash: string, password: string): Promise<boolean> {
    return this.verifying.run(() => verify(storedHash, password).catch(() => false));
  }

  /** Spends the same work as a real verification and returns false. */
  async verifyNothing(password: string): Promise<false> {
    // The dummy is made once, in the verification lane: sign-ins never take the filing slot.
    this.dummy ??= this.verifying
      .run(() => hash(`${Math.random()}-${Date.now()}`, PASSWORD_HASH_OPTIONS))
      .catch((error: unknown) => {
        this.dummy = null;
        throw error;
      });
    await this.verify(await this.dummy, password);
    return false;
  }
}
