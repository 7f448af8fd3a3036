import { createServer, type Server } from 'node:http';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './ports.js';
import { testTempDir } from './temp-dir.js';

const BUCKET = 'tradesbid-test';
// s3rver's fixed credentials: it checks every request's signature against them.
const KEY = 'S3RVER';

export type S3TestServer = {
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** The keys in the bucket now. */
  keys: () => Promise<string[]>;
  /** Stops answering: the port refuses connections and open ones are cut, as a store that went down. */
  stop: () => Promise<void>;
  /** Answers again on the same port with the same objects. */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/** A real S3-compatible server (s3rver) on a free port; its own files live in a temporary folder. */
export async function startS3Server(): Promise<S3TestServer> {
  const port = await freePort();
  const directory = testTempDir('tradesbid-s3-');
  const endpoint = `http://127.0.0.1:${port}`;
  let server: Server | null = null;
  const start = async () => {
    const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
    await s3rver.configureBuckets();
    const listening = createServer(s3rver.callback());
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', resolve);
    });
    server = listening;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = new Promise<void>((resolve) => running.close(() => resolve()));
    running.closeAllConnections();
    await closed;
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  const keys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };
  await start();
  return {
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys,
    stop,
    start,
    close: async () => {
      client.destroy();
      await stop();
    },
  };
}
