/**
 * Configuration, validated once at start. A bad value stops the server with a message that names
 * the variable, instead of failing later in some request.
 */
import path from 'node:path';
import { z } from 'zod';

const databaseUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), {
    message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname',
  })
  .refine((v) => URL.canParse(v), { message: 'is not a valid URL' });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: databaseUrl.optional(),
  DATA_DIR: z.string().default('./data'),
  IMAGES_DIR: z.string().optional(),
  /** Where the store is reachable from outside; used in canonical links and the sitemap. */
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://shop.example.com' }).optional(),
  /** Skip the demo catalog (a store owner starting from an empty shop). */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  imagesDir: string;
  publicUrl: string | undefined;
  seedDemo: boolean;
  nodeEnv: 'development' | 'production' | 'test';
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (DATABASE_URL= in a shell) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    imagesDir: path.resolve(e.IMAGES_DIR ?? path.join(dataDir, 'images')),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    seedDemo: e.SEED_DEMO === 'true',
    nodeEnv: e.NODE_ENV,
  };
}
