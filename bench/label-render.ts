// The shipping label PDF (server/labels/label.ts) in-process: the first label of a process (reads and
// parses the DejaVu Sans files) and then 30 labels with everyday and with the longest allowed sender
// values (TEXT_LIMITS), median and p95 render time and the PDF size. Reports only, never fails.
// Run: `npx tsx bench/label-render.ts`.

import { TEXT_LIMITS } from '../src/contracts/trades';
import { renderShippingLabel, type LabelData } from '../server/labels/label';

const ROUNDS = 30;
const EVERYDAY: LabelData = {
  tradeNumber: 'TR-2026-000123',
  locale: 'de',
  sender: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' },
  devices: ['Apple iPhone 13 128 GB', 'Sony PlayStation 5 Digital Edition'],
};
const words = (word: string, length: number) => Array.from({ length }, (_, i) => (i % 9 === 8 ? ' ' : word[i % word.length])).join('');
const LONGEST: LabelData = {
  ...EVERYDAY,
  sender: {
    firstName: words('Łucja', TEXT_LIMITS.firstName),
    lastName: words('Ørsted', TEXT_LIMITS.lastName),
    street: words('Οδός', TEXT_LIMITS.street),
    houseNumber: '1'.repeat(TEXT_LIMITS.houseNumber),
    postalCode: '99998',
    city: words('Москва', TEXT_LIMITS.city),
  },
};

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(data: LabelData) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    bytes = (await renderShippingLabel(data)).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: percentile(times, 50), p95Ms: percentile(times, 95), kb: bytes / 1024 };
}

const start = performance.now();
await renderShippingLabel(EVERYDAY);
const firstMs = performance.now() - start;
const rows = [
  ['everyday values', await measure(EVERYDAY)],
  ['longest values', await measure(LONGEST)],
] as const;
console.log(`label PDF: first of the process ${firstMs.toFixed(0)} ms (fonts read and parsed)`);
for (const [name, r] of rows)
  console.log(
    `label PDF, ${name}: median ${r.medianMs.toFixed(0)} ms, p95 ${r.p95Ms.toFixed(0)} ms, ${r.kb.toFixed(1)} KB (${ROUNDS} rounds)`,
  );
