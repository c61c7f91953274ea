// Disk storage by default; S3-compatible storage when all five S3_* settings are given. Some but
// not all of them is a mistake that would silently keep files on one machine, so boot stops.
import path from 'node:path';
import { ConfigError, type AppConfig } from '../../config.ts';
import { createDiskStorage } from './disk.storage.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3.storage.ts';

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const;

export function createFileStorage(config: AppConfig): FileStorage {
  const given = S3_KEYS.filter((key) => Boolean(config[key]));
  if (given.length === S3_KEYS.length) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      region: config.S3_REGION!,
    });
  }
  if (given.length > 0) {
    const missing = S3_KEYS.filter((key) => !config[key]);
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when any S3_* setting is given`);
  }
  return createDiskStorage(path.join(config.dataDir, 'uploads'));
}
