// Files in an S3-compatible bucket (AWS S3, MinIO, R2, ...), signed with SigV4 by aws4fetch.
// Objects are addressed path-style (endpoint/bucket/key), which every S3-compatible service accepts.
import { AwsClient } from 'aws4fetch';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const base = options.endpoint.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const url = (key: string) => {
    assertStorageKey(key);
    return `${base}/${encodeURIComponent(options.bucket)}/${key}`;
  };
  const send = async (method: string, key: string, init: { body?: Buffer; headers?: Record<string, string> } = {}) => {
    const request = await client.sign(url(key), {
      method,
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body ? { body: new Uint8Array(init.body) } : {}),
    });
    return doFetch(request);
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const response = await send('PUT', key, {
        body: data,
        headers: { 'content-type': contentType, 'content-length': String(data.length) },
      });
      if (!response.ok) throw new Error(`S3 PUT failed with status ${response.status}`);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw new Error(`S3 GET failed with status ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE failed with status ${response.status}`);
    },
  };
}
