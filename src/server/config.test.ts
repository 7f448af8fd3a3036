import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/tradesbid-config-test', SESSION_SECRET: 'x'.repeat(32) };

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeNull();
    expect(config.freeCreditsOnUpgrade).toBe(2);
    expect(config.seedDemo).toBeNull();
    expect(config.stripe.secretKey).toBeNull();
    expect(config.oidc).toBeNull();
    expect(config.jobBidCap).toBe(5);
    expect(loadConfig({ ...base, JOB_BID_CAP: '0' }).jobBidCap).toBeNull();
    expect(loadConfig({ ...base, JOB_BID_CAP: '8' }).jobBidCap).toBe(8);
    expect(config.bidUnviewedRefundHours).toBe(72);
    expect(loadConfig({ ...base, BID_UNVIEWED_REFUND_HOURS: '0.001' }).bidUnviewedRefundHours).toBe(0.001);
    for (const bad of ['0', '-1', 'soon', '1e3', '.5']) {
      expect(() => loadConfig({ ...base, BID_UNVIEWED_REFUND_HOURS: bad })).toThrow(/BID_UNVIEWED_REFUND_HOURS/);
    }
    expect(config.mail).toEqual({
      smtpUrl: null,
      from: 'TradesBid <no-reply@localhost>',
      messageEmailDelaySeconds: 300,
    });
  });

  it('reads the push settings: https: origins, the VAPID subject from MAIL_FROM unless set', () => {
    const config = loadConfig({
      ...base,
      MAIL_FROM: 'Jobs <jobs@example.org>',
      PUSH_SERVICE_ORIGINS: 'https://127.0.0.1:4443, https://Push.Example.com/',
    });
    expect(config.push).toEqual({
      vapid: null,
      subject: 'mailto:jobs@example.org',
      serviceOrigins: ['https://127.0.0.1:4443', 'https://push.example.com'],
    });
    expect(loadConfig({ ...base, VAPID_SUBJECT: 'https://example.org/contact' }).push.subject).toBe(
      'https://example.org/contact',
    );
  });

  it('reads the mail server, and takes the sender host from PUBLIC_URL', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      PUBLIC_URL: 'https://app.example.com',
    });
    expect(config.mail.smtpUrl).toBe('smtps://u:p@mail.example.com:465');
    expect(config.mail.from).toBe('TradesBid <no-reply@app.example.com>');
    expect(loadConfig({ ...base, MAIL_FROM: 'Jobs <jobs@example.org>' }).mail.from).toBe('Jobs <jobs@example.org>');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ FREE_CREDITS_ON_UPGRADE: '-1' }, /FREE_CREDITS_ON_UPGRADE/],
    [{ JOB_EXPIRY_DAYS: '0' }, /JOB_EXPIRY_DAYS/],
    [{ JOB_EXPIRY_DAYS: 'soon' }, /JOB_EXPIRY_DAYS/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ JOB_BID_CAP: 'five' }, /JOB_BID_CAP/],
    [{ JOB_BID_CAP: '-1' }, /JOB_BID_CAP/],
    [{ TRUST_PROXY: 'sometimes' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '99' }, /TRUST_PROXY/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    [{ OIDC_ISSUER_URL: 'https://id.example.com' }, /OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/],
    [{ STRIPE_API_PROTOCOL: 'ftp' }, /STRIPE_API_PROTOCOL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM/],
    [{ MESSAGE_EMAIL_DELAY_SECONDS: 'later' }, /MESSAGE_EMAIL_DELAY_SECONDS/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET must be set when S3_ENDPOINT is set/],
    [{ S3_BUCKET: 'Photos_Bucket' }, /S3_BUCKET/],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
    [{ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
    [{ VAPID_PUBLIC_KEY: 'B'.repeat(87) }, /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'A'.repeat(43) }, /VAPID_PUBLIC_KEY/],
    [{ VAPID_SUBJECT: 'someone' }, /VAPID_SUBJECT/],
    [{ PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:4000' }, /PUSH_SERVICE_ORIGINS/],
    [{ PUSH_SERVICE_ORIGINS: 'https://push.example/path' }, /PUSH_SERVICE_ORIGINS/],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('is production without NODE_ENV, and serves through Vite only when DEV_SERVER is set (npm run dev)', () => {
    const started = loadConfig({ DATA_DIR: base.DATA_DIR, SESSION_SECRET: base.SESSION_SECRET });
    expect(started.env).toBe('production');
    expect(started.devServer).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).devServer).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development', DEV_SERVER: '1' }).devServer).toBe(true);
    expect(() => loadConfig({ ...base, DEV_SERVER: 'sometimes' })).toThrow(/DEV_SERVER/);
  });

  it('reads TRUST_PROXY as off, on, a number of proxies or their addresses', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('keeps uploads on disk without S3_BUCKET, and reads the S3 store with its defaults when set', () => {
    expect(loadConfig(base).s3).toBeNull();
    expect(loadConfig({ ...base, S3_BUCKET: 'tradesbid-photos' }).s3).toEqual({
      bucket: 'tradesbid-photos',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      ...base,
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', region: 'eu-west-1', forcePathStyle: true });
  });

  it('requires SESSION_SECRET with DATABASE_URL in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR, DATABASE_URL: 'postgres://db/app' }),
    ).toThrow(/SESSION_SECRET is required/);
  });

  it('reads the previous session secrets, each at least 32 characters', () => {
    expect(loadConfig(base).previousSessionSecrets).toEqual([]);
    const older = ['o'.repeat(32), 'p'.repeat(40)];
    expect(
      loadConfig({ ...base, SESSION_SECRET_PREVIOUS: ` ${older[0]}, ${older[1]} ` }).previousSessionSecrets,
    ).toEqual(older);
    expect(() => loadConfig({ ...base, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(/SESSION_SECRET_PREVIOUS/);
  });

  it('reads admins case-insensitively and the public origin without a path', () => {
    const config = loadConfig({
      ...base,
      ADMIN_EMAILS: ' Ops@Example.com, b@x.io ',
      PUBLIC_URL: 'https://app.example.com/x',
    });
    expect(config.adminEmails).toEqual(['ops@example.com', 'b@x.io']);
    expect(config.publicUrl).toBe('https://app.example.com');
  });

  it('warns at a production start with SMTP_URL and no PUBLIC_URL, in one line naming PUBLIC_URL', () => {
    const mail = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:25', PORT: '5123' };
    const warnings = configWarnings(loadConfig(mail));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^PUBLIC_URL is not set: links in emails point at http:\/\/localhost:5123;/);
    expect(warnings[0]).not.toContain('\n');
    expect(configWarnings(loadConfig({ ...mail, PUBLIC_URL: 'https://app.example.com' }))).toEqual([]);
    expect(configWarnings(loadConfig({ ...mail, SMTP_URL: '' }))).toEqual([]);
    expect(configWarnings(loadConfig({ ...mail, NODE_ENV: 'test' }))).toEqual([]);
  });
});
