// issue 8 "Files stored outside the web root (disk by default, S3-compatible storage when
// configured) ... names never used as paths".
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, testConfig } from '../../config.ts';
import { createDiskStorage } from './disk.storage.ts';
import { newStorageKey } from './file-storage.ts';
import { createS3Storage } from './s3.storage.ts';
import { createFileStorage } from './storage.factory.ts';

describe('storage keys', () => {
  it('are random and refuse anything that is not one of ours', async () => {
    const a = newStorageKey();
    expect(a).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{64}$/);
    expect(newStorageKey()).not.toBe(a);
    const storage = createDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'disk-')));
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
    await expect(storage.get('photo.png')).rejects.toThrow('Invalid storage key');
  });
});

describe('disk storage', () => {
  it('puts, gets and deletes under its root', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-'));
    const storage = createDiskStorage(root);
    const key = newStorageKey();
    await storage.put(key, Buffer.from('hello'), 'image/png');
    expect(fs.existsSync(path.join(root, key))).toBe(true);
    expect((await storage.get(key))?.toString()).toBe('hello');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting twice is fine
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('S3-compatible storage', () => {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const seen: { method: string; url: string; auth: string | undefined }[] = [];
  let server: http.Server;
  let endpoint: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'PUT') {
          objects.set(req.url!, { body: Buffer.concat(chunks), type: req.headers['content-type'] });
          res.writeHead(200).end();
        } else if (req.method === 'GET') {
          const object = objects.get(req.url!);
          if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
          else res.writeHead(200).end(object.body);
        } else if (req.method === 'DELETE') {
          objects.delete(req.url!);
          res.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stores path-style objects with SigV4-signed requests', async () => {
    const storage = createS3Storage({ endpoint, bucket: 'uploads', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret', region: 'us-east-1' });
    const key = newStorageKey();
    await storage.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(objects.get(`/uploads/${key}`)).toEqual({ body: Buffer.from('%PDF-1.7'), type: 'application/pdf' });
    expect(seen.at(-1)!.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/s3\/aws4_request/);
    expect((await storage.get(key))?.toString()).toBe('%PDF-1.7');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });
});

describe('createFileStorage', () => {
  it('uses disk under DATA_DIR/uploads by default', () => {
    expect(createFileStorage(testConfig()).kind).toBe('disk');
  });

  it('uses S3 when all five settings are given', () => {
    const config = testConfig({
      S3_ENDPOINT: 'http://localhost:9000',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_REGION: 'us-east-1',
    });
    expect(createFileStorage(config).kind).toBe('s3');
  });

  it('stops boot when only some are given, naming the missing ones', () => {
    const config = testConfig({ S3_ENDPOINT: 'http://localhost:9000', S3_BUCKET: 'b' });
    expect(() => createFileStorage(config)).toThrow(ConfigError);
    expect(() => createFileStorage(config)).toThrow('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION');
  });
});
