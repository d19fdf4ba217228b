import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id's cost. `owasp`: OWASP's baseline (19 MiB of memory, 2 passes, 1 lane), everywhere a
 * person's password is kept. `test`: argon2id still, at its smallest memory and one pass, only for
 * a runtime started with NODE_ENV=test (loadConfig): the suite hashes or verifies ~1,700 passwords,
 * 9-20 ms of CPU each at the baseline, and strength is not what it tests. A stored hash names its
 * own cost, so either hasher verifies any hash (docs/decisions/accounts-and-sign-in.md).
 */
export type PasswordHashCost = 'owasp' | 'test';

const COSTS: Record<PasswordHashCost, { memoryCost: number; timeCost: number; parallelism: number }> = {
  owasp: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 8, timeCost: 1, parallelism: 1 },
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Verifies a password; with no stored hash it still does the work, so timing reveals nothing. */
  verify(storedHash: string | null, password: string): Promise<boolean>;
}

export function passwordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, ...COSTS[cost] };
  const hashPassword = (password: string) => hash(password, options);
  let dummyHash: Promise<string> | null = null;
  return {
    hash: hashPassword,
    async verify(storedHash, password) {
      if (!storedHash) {
        dummyHash ??= hashPassword('not-a-real-password-1A');
        await verify(await dummyHash, password).catch(() => false);
        return false;
      }
      return verify(storedHash, password).catch(() => false);
    },
  };
}
