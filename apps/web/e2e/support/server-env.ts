import { randomBytes } from 'node:crypto';

/**
 * The settings every e2e server runs with (the run's shared one and a spec's own): the real
 * server on PGlite in `dataDir`, ALTCHA on, mail to the local mailbox, serving the portal built in
 * `webDist`.
 */
export function e2eServerEnv(dataDir: string, webDist: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    BOT_CHECK: 'altcha',
    // Every spec files from one address; the per-client filing limit has its own API test.
    FILINGS_PER_HOUR: '1000',
    // Every spec signs in from the same address too; the sign-in limit has its own API test.
    LOGINS_PER_15_MINUTES: '1000',
    // …and two specs at a time call the API from that address: 600 calls a minute (the default)
    // refused a spec's sign-out with 429. The flood limit has its own API test (limits.test.ts).
    RATE_LIMIT_PER_MINUTE: '100000',
    // A new complaint's alert at once, not at the end of its quarter hour (decision 0031): a spec
    // follows the alert in the mailbox; the hold has its own API test (alerts.test.ts).
    NEW_COMPLAINT_ALERT_SLOT_MINUTES: '0',
    WEB_DIST: webDist,
    DATABASE_URL: '',
    SMTP_URL: '',
  };
}
