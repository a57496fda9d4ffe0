/**
 * The secret that signs session cookies and verification links. Production sets AUTH_SECRET (the
 * same on every app server); a shop tried on one machine gets one made on first start and kept in
 * DATA_DIR, so its shoppers stay signed in across restarts. The file is readable by its owner only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function authSecretFor(config: { authSecret: string | undefined; dataDir: string }): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  // 'wx': if another process made one a moment ago, keep theirs.
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}
