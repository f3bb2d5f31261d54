// A received trade of two phones, as GET /api/staff/trades/:n answers it: the machines' tests, the
// model-based test and the screens' tests start from it.

import type { QuoteAnswer, StaffTrade, StaffTradeItem } from '../../contracts/staff';

export const IPHONE = '11111111-1111-4111-8111-111111111111';
export const GALAXY = '22222222-2222-4222-8222-222222222222';
export const PHOTO = '33333333-3333-4333-8333-333333333333';
/** A valid IMEI (Luhn check digit) and one whose check digit is wrong. */
export const IMEI = '490154203237518';
export const BAD_IMEI = '490154203237517';

const questions: StaffTradeItem['questions'] = [
  {
    id: 1,
    code: 'display',
    text: 'Display',
    answers: [
      { id: 11, code: 'flawless', text: 'Flawless' },
      { id: 12, code: 'scratched', text: 'Scratched' },
      { id: 13, code: 'cracked', text: 'Cracked' },
    ],
  },
  {
    id: 2,
    code: 'activationLock',
    text: 'Activation lock off',
    answers: [
      { id: 21, code: 'yes', text: 'Yes' },
      { id: 22, code: 'no', text: 'No' },
    ],
  },
];

export const item = (offerId: string, over: Partial<StaffTradeItem> = {}): StaffTradeItem => ({
  offerId,
  position: offerId === IPHONE ? 0 : 1,
  deviceId: offerId === IPHONE ? 101 : 202,
  deviceName: offerId === IPHONE ? 'Apple iPhone 13 128 GB' : 'Samsung Galaxy S21 5G 128 GB',
  quantity: 1,
  offeredCents: offerId === IPHONE ? 31_000 : 18_000,
  kind: 'purchase',
  questions,
  offeredAnswers: { '1': 11, '2': 21 },
  inspection: null,
  clarification: null,
  certificate: null,
  ...over,
});

export const receivedTrade = (over: Partial<StaffTrade> = {}): StaffTrade => ({
  tradeNumber: 'TR-2026-000042',
  status: 'received',
  version: 3,
  locale: 'de',
  b2b: false,
  sellerName: 'Erika Mustermann',
  sellerEmail: 'erika@example.com',
  createdAt: '2026-11-02T10:00:00.000Z',
  totalCents: 49_000,
  items: [item(IPHONE), item(GALAXY)],
  heldBy: null,
  transitions: [
    { from: null, to: 'created', at: '2026-11-02T10:00:00.000Z', note: null },
    { from: 'created', to: 'received', at: '2026-11-04T09:00:00.000Z', note: null },
  ],
  ...over,
});

export const heldByOther = (): StaffTrade =>
  receivedTrade({ heldBy: { name: 'Max Prüfer', email: 'max@staff.example', since: '2026-11-04T09:30:00.000Z' } });

export const quote = (offerId: string, outcome: QuoteAnswer['outcome'], payCents = offerId === IPHONE ? 31_000 : 18_000): QuoteAnswer => ({
  offerId,
  foundKind: outcome === 'blocked' ? 'blocked' : 'purchase',
  foundPriceCents: payCents,
  outcome,
  payCents,
});

/** The trade after a save: inspected (every device as offered), or in clarification. */
export const savedTrade = (status: 'inspected' | 'clarification'): StaffTrade =>
  receivedTrade({
    status,
    version: 4,
    items: [IPHONE, GALAXY].map((offerId) =>
      item(offerId, {
        inspection: {
          foundAnswers: { '1': 11, '2': 21 },
          foundKind: 'purchase',
          foundPriceCents: 31_000,
          agreedPriceCents: 31_000,
          identifier: IMEI,
          note: null,
          inspectedAt: '2026-11-04T10:00:00.000Z',
          photoIds: [],
        },
      }),
    ),
  });

/** A trade whose clarified device the seller accepted: its wipe is still to be confirmed. */
export const acceptedAfterClarification = (certified = false): StaffTrade =>
  receivedTrade({
    status: 'accepted',
    version: 7,
    items: [
      item(IPHONE, {
        inspection: {
          foundAnswers: { '1': 13, '2': 21 },
          foundKind: 'purchase',
          foundPriceCents: 12_400,
          agreedPriceCents: 12_400,
          identifier: IMEI,
          note: 'Display cracked',
          inspectedAt: '2026-11-04T10:00:00.000Z',
          photoIds: [PHOTO],
        },
        clarification: { status: 'accepted', newPriceCents: 12_400 },
        certificate: certified
          ? { id: PHOTO, method: 'cryptographic_erase', erasedAt: '2026-11-09T10:00:00.000Z', pdfPath: '/api/certificates/x.pdf' }
          : null,
      }),
    ],
  });
