import { defineConfig, devices } from '@playwright/test';

// End-to-end tests against the production build (npm start), in Debian's Chromium, never a
// downloaded browser. Country hosts (de.localhost, …) resolve to loopback inside Chromium.
const PORT = Number(process.env.E2E_PORT ?? 3210);
process.env.E2E_PORT = String(PORT);

// Every test starts with the consent already given on every local shop host, so the consent banner
// (shown 1 s after start on a first visit) never covers what a test clicks. The consent tests
// (e2e/consent.spec.ts, model-tests/browser/consent.*) clear it with test.use({ storageState: … }).
const LOCAL_HOSTS = ['localhost', '127.0.0.1', 'de.localhost', 'at.localhost', 'es.localhost', 'fr.localhost', 'it.localhost'];
const CONSENT_GIVEN = {
  cookies: [...LOCAL_HOSTS, 'b2bwidget.localhost', 'agan.localhost', 'aganwidget.localhost'].map((domain) => ({
    name: 'consent',
    value: '1.all',
    domain,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  })),
  origins: [],
};

// The partner page of e2e/widget.spec.ts runs beside the shop: on PORT + 1 a partner the widget hosts
// let frame them (decision 034), on PORT + 2 one they do not.
const WIDGET_PARTNER_ORIGIN = `http://127.0.0.1:${PORT + 1}`;

export default defineConfig({
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI only: a test that passes on it is reported as flaky (decision 087).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // CI runs the suite on two shared cores, where a page takes about twice as long as on a quiet machine:
  // the limits there are doubled, so a slow machine fails no test (speed is measured in bench/, not here).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    // A trace is recorded on the retry of a failed test only: recording one for every test (screencast
    // frames and DOM snapshots) made the browser tests about 1.4x slower on two cores (the same 24 tests:
    // 239 and 246 s with a trace per test, 166 and 180 s without). A failure in CI is retried once, and
    // that retry leaves its trace in the HTML report; the first attempt leaves a screenshot.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    storageState: CONSENT_GIVEN,
  },
  projects: [
    { name: 'e2e', testDir: 'e2e' },
    // Model-based paths in the browser (model-tests/browser/runner.ts).
    { name: 'model', testDir: 'model-tests/browser' },
  ],
  webServer: {
    // The server's log of the whole run goes to a file that scripts/e2e-log-check.mjs then searches for
    // e-mail addresses, IBANs, passwords and tokens (none may be logged).
    command: `mkdir -p var && node scripts/e2e-server.mjs > var/e2e-server-${PORT}.log 2>&1`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    // The account e2e test reads the activation mail from the developer mailbox.
    // The model-based browser runner gives each path its own client address (X-Forwarded-For).
    env: {
      PORT: String(PORT),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      DEV_MAILBOX: '1',
      // The operator steps of the tests run in the server, on its database (e2e/support/ops.ts, decision 091).
      TEST_OPS_ENDPOINT: '1',
      TRUST_PROXY: 'true',
      WIDGET_FRAME_ANCESTORS: WIDGET_PARTNER_ORIGIN,
    },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
