/**
 * The API tests' password hashing: better-auth's own scheme (scrypt, r 16, p 1, a 64-byte key,
 * stored as `salt:key` in hex) at N 1024 where the shop uses 16384, a sixteenth of the work. The
 * tests sign up hundreds of shoppers; what they prove is not the hash's cost. One test keeps the
 * shop's own (accounts.test.ts: "stores passwords as better-auth hashes them").
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../modules/accounts/auth.ts';

const COST = { N: 1024, r: 16, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_BYTES = 64;

function keyOf(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_BYTES, COST, (err, key) => (err ? reject(err) : resolve(key))));
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await keyOf(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const wanted = Buffer.from(key, 'hex');
    const got = await keyOf(password, salt);
    return wanted.length === got.length && timingSafeEqual(wanted, got);
  },
};
