import { hash, verify, type Options } from '@node-rs/argon2';
import { AppError } from '../../errors';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Argon2 is deliberately expensive, so a burst of logins must queue instead of taking all memory
 * and CPU: at most `concurrency` run at once, at most `maxQueue` wait, the rest are told to retry.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  // A real hash of a random secret: unknown tickets are verified against it so that they cost
  // the same time as a wrong password (no timing oracle for which codes exist).
  private dummy: Promise<string> | null = null;

  constructor(
    private readonly concurrency = 2,
    private readonly maxQueue = 200,
  ) {}

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, OPTIONS));
  }

  verify(storedHash: string, password: string): Promise<boolean> {
    return this.limited(() => verify(storedHash, password).catch(() => false));
  }

  /** Spends the same work as a real verification and returns false. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash(`${Math.random()}-${Date.now()}`);
    await this.verify(await this.dummy, password);
    return false;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
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
