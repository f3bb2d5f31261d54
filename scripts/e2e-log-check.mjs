// Reads the server log of a whole end-to-end run (written by the Playwright web server, see
// playwright.config.ts) and fails when any line holds what logs must never hold (issue 16 part 10):
// an e-mail address, an IBAN, a password value, a token (link tokens, bearer tokens, JWTs). Prints
// how many lines it read and, for a finding, the kind and line number (not the secret itself).

import { existsSync, readFileSync } from 'node:fs';

const port = Number(process.env.E2E_PORT ?? 3210);
const file = process.argv[2] ?? `var/e2e-server-${port}.log`;

export const FINDINGS = [
  ['e-mail address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
  ['IBAN', /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){3,7}(?:[ ]?[A-Z0-9]{1,3})?\b/],
  ['password', /"(?:password|currentPassword|newPassword)"\s*:\s*"(?!\[redacted\])/i],
  ['link token', /[?&](?:token|t)=[A-Za-z0-9_.~-]{16,}/],
  ['bearer token', /Bearer\s+[A-Za-z0-9._~+/-]{16,}/],
  ['JWT', /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/],
];

/** The findings of one log line: kinds only. */
export function findingsOf(line) {
  return FINDINGS.filter(([, pattern]) => pattern.test(line)).map(([kind]) => kind);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(file)) {
    // A local run that reused a running server has no log of its own.
    if (process.env.CI) {
      console.error(`e2e log check: ${file} is missing`);
      process.exit(1);
    }
    console.log(`e2e log check: no server log at ${file} (the run reused a running server); nothing checked`);
    process.exit(0);
  }
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const found = [];
  lines.forEach((line, i) => {
    for (const kind of findingsOf(line)) found.push(`line ${i + 1}: ${kind}`);
  });
  console.log(`e2e log check: ${lines.length} log lines read, ${found.length} finding(s)`);
  if (found.length > 0) {
    console.error(found.slice(0, 50).join('\n'));
    process.exit(1);
  }
}
