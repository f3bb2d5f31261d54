// The seller's mail at every step after checkout (issue 27, decision 068): the parcel arrived, the
// devices were inspected (without a clarification: otherwise its own mail is that step's mail), a payout
// (split payouts too; the one that completes the trade also asks for a review), the declined devices
// went back, the trade was cancelled. Each is composed from the trade as the move left it, inside the
// move's transaction, and written to the outbox there (decision 054): a move never exists without its
// mail, and a mail that cannot be composed rolls the move back. In the trade's language and brand
// (decision 033), with the link to the seller's trade page. The inspection's mail links the
// data-erasure certificate of every device whose wipe was confirmed with it (decision 073).

import type { ReactNode } from 'react';
import { and, asc, eq } from 'drizzle-orm';
import { BRAND_CONFIG, brandOfTrade, type Brand } from '../../src/config/brands';
import { countryConfig } from '../../src/config/countries';
import { isLocale, type Locale } from '../../src/config/locales';
import { PAYOUT_PROMISES } from '../../src/config/payout-promise';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { customers } from '../db/schema/customers';
import { tradeInspections, tradeItems, tradePayouts, trades } from '../db/schema/trades';
import { serverI18n } from '../i18n/catalog';
import { carrierName } from '../labels/carriers';
import { findReturnLabelData } from '../labels/repository';
import { ButtonLink, HEADING } from '../mail/html';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import type { MailServices } from '../mail/setup';
import { localDate } from '../platform/working-days';
import { REVIEW_LINK_DAYS, type ReviewLinks } from '../reviews/links';
import type { TradeStep, TradeStepMails } from './lifecycle';
import { TRADE_LINK_GRACE_DAYS, type CertificateLinks, type TradeLinks } from './links';
import { dueDayOf } from './payout-promise';
import { payoutBreakdowns, type PayoutBreakdown } from './payouts';
import { maskPayout } from './service';
import { certificatesOf } from './erasure';

/** What the step mails need: the mailer, the public origins, the trade page, review and certificate links. */
export type TradeStepMailServices = Pick<MailServices, 'mailer' | 'publicOrigin'> & {
  readonly trades: TradeLinks;
  readonly reviews: ReviewLinks;
  readonly certificates: CertificateLinks;
};

/**
 * The step mails of every move (pass them as `mails` to transition, payTrade and recordInspection).
 * With the durable outbox the mail is written in the move's transaction and the worker is woken after
 * the commit; with a bare transport (tests of the transport) it is composed in the transaction (a
 * failure still rolls the move back) and sent after the commit.
 */
export function tradeStepMails(services: TradeStepMailServices): TradeStepMails {
  const { mailer } = services;
  return {
    async write(tx, step) {
      const message = await stepMail(services, tx, step);
      if (!message) return async () => undefined;
      if (mailer.enqueue) {
        await mailer.enqueue(message, tx);
        return async () => mailer.wake?.();
      }
      return () => mailer.send(message);
    },
  };
}

type TradeRow = typeof trades.$inferSelect;

/** The mail of `step`, read in `tx`; null when the trade has no e-mail address any more (a deleted account). */
async function stepMail(services: TradeStepMailServices, tx: Database, step: TradeStep): Promise<MailMessage | null> {
  const [row] = await tx
    .select({ trade: trades, customerEmail: customers.email })
    .from(trades)
    .leftJoin(customers, eq(customers.id, trades.customerId))
    .where(eq(trades.id, step.tradeId));
  if (!row) throw new Error(`There is no trade ${step.tradeId} to mail.`);
  const email = row.trade.guestEmail ?? row.customerEmail;
  if (!email) return null;
  const { trade } = row;
  const locale: Locale = isLocale(trade.locale) ? trade.locale : 'default';
  const brand = brandOfTrade(trade.shopMode);
  const origin = services.publicOrigin(locale, brand).replace(/\/+$/, '');
  const letterOf = writer({ trade, locale, brand, email, tradePageUrl: origin + services.trades.path(locale, trade.tradeNumber) });
  switch (step.kind) {
    case 'received':
      return letterOf('received', receivedBody(letterOf.words, await dueDayOf(tx, trade, [])));
    case 'inspected':
      return letterOf('inspected', await inspectedBody(letterOf.words, tx, trade, (id) => origin + services.certificates.path(id)));
    case 'paid': {
      const breakdowns = await payoutBreakdowns(tx, trade.id);
      const payout = breakdowns.find((p) => p.id === step.payoutId);
      if (!payout) throw new Error(`Trade ${trade.tradeNumber} has no payout ${step.payoutId}.`);
      const paidSoFar = breakdowns.reduce((sum, p) => sum + p.amountCents, 0);
      const reviewUrl = trade.status === 'paid' ? origin + services.reviews.path(locale, trade.id, new Date()) : null;
      return letterOf(trade.status === 'paid' ? 'paid' : 'paidPart', paidBody(letterOf.words, trade, payout, paidSoFar, reviewUrl));
    }
    case 'payoutReturned': {
      const [payout] = await tx.select().from(tradePayouts).where(eq(tradePayouts.id, step.payoutId));
      if (!payout) throw new Error(`Trade ${trade.tradeNumber} has no payout ${step.payoutId}.`);
      return letterOf('payoutReturned', payoutReturnedBody(letterOf.words, trade, payout.amountCents));
    }
    case 'returned':
      return letterOf('returned', await returnedBody(letterOf.words, tx, trade));
    case 'cancelled':
      return letterOf('cancelled', cancelledBody(letterOf.words));
  }
}

/** A body: text lines and HTML, and the values of the subject. */
interface Body {
  readonly text: readonly string[];
  readonly html: ReactNode;
  readonly subject?: Record<string, unknown>;
}

/** The words and formats of one trade's mails. */
interface Words {
  readonly t: (id: string, values?: Record<string, unknown>) => string;
  /** A message of the whole server catalog by its full id. */
  readonly i18n: (id: string) => string;
  /** Between a label and its value (': ', in French ' : '). */
  readonly c: string;
  readonly money: (cents: number) => string;
  /** A calendar day (YYYY-MM-DD) in the country's long form. */
  readonly day: (isoDay: string) => string;
  /** The day of a moment in the country's time zone. */
  readonly dayOf: (at: Date) => string;
  readonly tradeNumber: string;
  readonly locale: Locale;
}

type LetterKind = 'received' | 'inspected' | 'paid' | 'paidPart' | 'payoutReturned' | 'returned' | 'cancelled';
/** The steps that close the trade. */
const CLOSING: readonly LetterKind[] = ['paid', 'returned', 'cancelled'];

function writer(context: { trade: TradeRow; locale: Locale; brand: Brand; email: string; tradePageUrl: string }) {
  const { trade, locale, brand } = context;
  const i18n = serverI18n(locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`mail.trade.${id}`, values);
  const country = countryConfig(locale);
  const promise = PAYOUT_PROMISES[locale];
  const money = new Intl.NumberFormat(country.icuLocale, { style: 'currency', currency: 'EUR' });
  const dates = new Intl.DateTimeFormat(country.icuLocale, { dateStyle: 'long', timeZone: 'UTC' });
  const day = (isoDay: string) => dates.format(new Date(`${isoDay}T12:00:00Z`));
  const words: Words = {
    t,
    i18n: (id) => i18n._(id),
    c: i18n._('mail.colon'),
    money: (cents) => money.format(cents / 100),
    day,
    dayOf: (at) => day(localDate(at, promise.timeZone)),
    tradeNumber: trade.tradeNumber,
    locale,
  };
  // A closed trade's page stays reachable by its link for a while after the last move (./links).
  const compose = (kind: LetterKind, body: Body, closed = CLOSING.includes(kind)): MailMessage =>
    letter({
      locale,
      brand,
      to: { name: `${trade.address.firstName} ${trade.address.lastName}`, address: context.email },
      subject: t(`${kind}.subject`, { tradeNumber: trade.tradeNumber, ...body.subject }),
      greeting: t('greeting', { firstName: trade.address.firstName }),
      closing: t('closing'),
      signature: t('signature', { brand: BRAND_CONFIG[brand].name }),
      text: [
        ...body.text,
        ...(body.text.at(-1) === '' ? [] : ['']),
        `${t('tradePage')}${words.c}${context.tradePageUrl}`,
        ...(closed ? [t('tradePageClosed', { days: TRADE_LINK_GRACE_DAYS })] : []),
        t('questions'),
        '',
      ],
      html: (
        <>
          {body.html}
          <ButtonLink href={context.tradePageUrl}>{t('tradePage')}</ButtonLink>
          {closed && <p>{t('tradePageClosed', { days: TRADE_LINK_GRACE_DAYS })}</p>}
          <p>{t('questions')}</p>
        </>
      ),
    });
  return Object.assign(compose, { words });
}

const cell = { padding: '4px 12px 4px 0' } as const;
const amount = { padding: '4px 0', textAlign: 'right' } as const;

/** Label and value rows: as text lines ("- label: value") and as an HTML table (the last row bold when `total`). */
function rows(words: Words, lines: readonly (readonly [string, string])[], total?: readonly [string, string]): Omit<Body, 'subject'> {
  return {
    text: [...lines.map(([label, value]) => `- ${label}${words.c}${value}`), ...(total ? [`${total[0]}${words.c}${total[1]}`] : []), ''],
    html: (
      <table role="presentation" style={{ borderCollapse: 'collapse' }}>
        <tbody>
          {lines.map(([label, value], i) => (
            <tr key={i}>
              <td style={cell}>{label}</td>
              <td style={amount}>{value}</td>
            </tr>
          ))}
          {total && (
            <tr>
              <th style={{ padding: '8px 12px 4px 0', textAlign: 'left' }}>{total[0]}</th>
              <th style={{ padding: '8px 0 4px', textAlign: 'right' }}>{total[1]}</th>
            </tr>
          )}
        </tbody>
      </table>
    ),
  };
}

function paragraphs(...texts: string[]): Omit<Body, 'subject'> {
  return {
    text: texts.flatMap((text) => [text, '']),
    html: (
      <>
        {texts.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </>
    ),
  };
}

/** Concatenates body parts; a heading is a text line and an <h2>. */
function join(...parts: (Omit<Body, 'subject'> | { heading: string } | false | null)[]): Omit<Body, 'subject'> {
  const present = parts.filter((p): p is Omit<Body, 'subject'> | { heading: string } => Boolean(p));
  return {
    text: present.flatMap((p) => ('heading' in p ? [p.heading] : p.text)),
    html: (
      <>
        {present.map((p, i) =>
          'heading' in p ? (
            <h2 key={i} style={HEADING}>
              {p.heading}
            </h2>
          ) : (
            <div key={i}>{p.html}</div>
          ),
        )}
      </>
    ),
  };
}

function promiseValues(words: Words) {
  const promise = PAYOUT_PROMISES[words.locale];
  const percent = new Intl.NumberFormat(countryConfig(words.locale).icuLocale, { style: 'percent', maximumFractionDigits: 2 });
  return { days: promise.workingDays, percent: percent.format(promise.bonusBasisPoints / 10_000), cap: words.money(promise.bonusCapCents) };
}

/** The bank sent a payout back (issue 29): which transfer, and what the seller does now. */
function payoutReturnedBody(words: Words, trade: TradeRow, amountCents: number): Body {
  const { t, money, tradeNumber } = words;
  const method = words.i18n(`mail.trade.paid.method.${trade.payout.method}`);
  return {
    ...paragraphs(
      t('payoutReturned.intro', { amount: money(amountCents), tradeNumber, method, account: maskPayout(trade.payout) }),
      t(trade.payout.method === 'sepa' ? 'payoutReturned.checkSepa' : 'payoutReturned.checkPaypal'),
      t('payoutReturned.next'),
    ),
    subject: { amount: money(amountCents) },
  };
}

function receivedBody(words: Words, dueBy: string | null): Body {
  const { t, tradeNumber } = words;
  return paragraphs(
    t('received.intro', { tradeNumber }),
    t('received.next'),
    ...(dueBy ? [t('received.promise', { due: words.day(dueBy), ...promiseValues(words) })] : []),
  );
}

/**
 * The data-erasure certificates of a trade's devices as a heading, a sentence and one link per device
 * (`url`: the certificate's absolute signed link); null when no device has one. `t` reads the whole
 * server catalog, `c` is the language's colon.
 */
export function certificateList(
  t: (id: string) => string,
  c: string,
  certificates: readonly { readonly id: string; readonly deviceName: string; readonly url: string }[],
): { readonly text: string[]; readonly html: ReactNode } | null {
  if (certificates.length === 0) return null;
  return {
    text: [
      t('mail.certificates.title'),
      t('mail.certificates.intro'),
      ...certificates.map((cert) => `- ${cert.deviceName}${c}${cert.url}`),
      '',
    ],
    html: (
      <>
        <h2 style={HEADING}>{t('mail.certificates.title')}</h2>
        <p>{t('mail.certificates.intro')}</p>
        <ul>
          {certificates.map((cert) => (
            <li key={cert.id}>
              {cert.deviceName + c}
              <a href={cert.url}>{t('mail.certificates.link')}</a>
            </li>
          ))}
        </ul>
      </>
    ),
  };
}

async function inspectedBody(words: Words, tx: Database, trade: TradeRow, certificateUrl: (id: string) => string): Promise<Body> {
  const { t, money } = words;
  const items = await tx
    .select({
      offerId: tradeItems.offerId,
      deviceName: devices.name,
      priceCents: tradeItems.priceCents,
      quantity: tradeItems.quantity,
      agreedPriceCents: tradeInspections.agreedPriceCents,
    })
    .from(tradeItems)
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
    .where(eq(tradeItems.tradeId, trade.id))
    .orderBy(asc(tradeItems.position));
  const priced = items.map((item) => {
    const offeredCents = item.priceCents * item.quantity;
    return { ...item, offeredCents, paidCents: item.agreedPriceCents === null ? offeredCents : item.agreedPriceCents * item.quantity };
  });
  const totalCents = priced.reduce((sum, item) => sum + item.paidCents, 0) + trade.voucherCents;
  const dueBy = await dueDayOf(
    tx,
    trade,
    items.map((item) => item.offerId),
  );
  const lines = priced.map(
    (item) =>
      [
        item.deviceName,
        item.paidCents > item.offeredCents
          ? t('inspected.better', { price: money(item.paidCents), offered: money(item.offeredCents) })
          : t('inspected.asDeclared', { price: money(item.paidCents) }),
      ] as const,
  );
  const voucher = trade.voucherCode ? [[t('voucher', { code: trade.voucherCode }), `+${money(trade.voucherCents)}`] as const] : [];
  const values = { total: money(totalCents), account: maskPayout(trade.payout) };
  const certificates = certificateList(
    words.i18n,
    words.c,
    (await certificatesOf(tx, trade.id)).map((cert) => ({ id: cert.id, deviceName: cert.deviceName, url: certificateUrl(cert.id) })),
  );
  return join(
    paragraphs(t('inspected.intro', { tradeNumber: words.tradeNumber })),
    { heading: t('devicesTitle') },
    rows(words, [...lines, ...voucher], [t('inspected.total'), money(totalCents)]),
    paragraphs(dueBy ? t('inspected.next', { ...values, due: words.day(dueBy) }) : t('inspected.nextUndated', values)),
    certificates,
  );
}

function paidBody(words: Words, trade: TradeRow, payout: PayoutBreakdown, paidSoFarCents: number, reviewUrl: string | null): Body {
  const { t, money } = words;
  const offeredCents = payout.devices.reduce((sum, d) => sum + d.offeredCents, 0);
  const lowerCents = payout.devices.reduce((sum, d) => sum + Math.max(0, d.offeredCents - d.paidCents), 0);
  const deviceLines = payout.devices.map(
    (d) =>
      [
        d.deviceName,
        d.paidCents === d.offeredCents
          ? money(d.paidCents)
          : t('paid.changed', { offered: money(d.offeredCents), paid: money(d.paidCents) }),
      ] as const,
  );
  // The sums add up to the payout: offers + raise − lower prices accepted + voucher + late bonus.
  const sums: (readonly [string, string])[] = [
    ...(payout.devices.length > 0 ? [[t('paid.offers'), money(offeredCents)] as const] : []),
    ...(payout.raiseCents > 0 ? [[t('paid.raise'), `+${money(payout.raiseCents)}`] as const] : []),
    ...(lowerCents > 0 ? [[t('paid.lower'), `−${money(lowerCents)}`] as const] : []),
    ...(payout.voucherCents > 0 ? [[t('paid.voucher'), `+${money(payout.voucherCents)}`] as const] : []),
    ...(payout.bonusCents > 0 && payout.dueBy
      ? [[t('paid.bonus', { due: words.day(payout.dueBy) }), `+${money(payout.bonusCents)}`] as const]
      : []),
  ];
  const values = {
    tradeNumber: words.tradeNumber,
    amount: money(payout.amountCents),
    date: words.dayOf(payout.paidAt),
    method: t(`paid.method.${trade.payout.method}`),
    account: maskPayout(trade.payout),
  };
  const complete = reviewUrl !== null;
  const review =
    reviewUrl === null
      ? null
      : {
          text: [
            t('paid.review'),
            `${t('paid.reviewButton')}${words.c}${reviewUrl}`,
            t('paid.reviewValidity', { days: REVIEW_LINK_DAYS }),
            '',
          ],
          html: (
            <>
              <p>{t('paid.review')}</p>
              <ButtonLink href={reviewUrl}>{t('paid.reviewButton')}</ButtonLink>
              <p>{t('paid.reviewValidity', { days: REVIEW_LINK_DAYS })}</p>
            </>
          ),
        };
  return {
    subject: { amount: values.amount },
    ...join(
      paragraphs(t('paid.intro', values)),
      payout.devices.length > 0 && { heading: t('devicesTitle') },
      payout.devices.length > 0 && rows(words, deviceLines),
      { heading: t('paid.sumsTitle') },
      rows(words, sums, [t('paid.total'), money(payout.amountCents)]),
      complete
        ? paragraphs(t('paid.complete', { paidSoFar: money(paidSoFarCents) }))
        : paragraphs(t('paid.part', { paidSoFar: money(paidSoFarCents) })),
      review,
    ),
  };
}

async function returnedBody(words: Words, tx: Database, trade: TradeRow): Promise<Body> {
  const { t, money } = words;
  const [back, recycled, payouts] = await Promise.all([
    findReturnLabelData(tx, trade.id),
    tx
      .select({ deviceName: devices.name })
      .from(clarifications)
      .innerJoin(tradeItems, eq(tradeItems.offerId, clarifications.itemOfferId))
      .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
      .where(and(eq(clarifications.tradeId, trade.id), eq(clarifications.status, 'declined'), eq(clarifications.declineMode, 'recycle')))
      .orderBy(asc(tradeItems.position)),
    tx.select({ amountCents: tradePayouts.amountCents }).from(tradePayouts).where(eq(tradePayouts.tradeId, trade.id)),
  ]);
  const paidCents = payouts.reduce((sum, p) => sum + p.amountCents, 0);
  const list = (names: readonly string[]) => ({
    text: [...names.map((name) => `- ${name}`), ''],
    html: (
      <ul>
        {names.map((name, i) => (
          <li key={i}>{name}</li>
        ))}
      </ul>
    ),
  });
  const carrier = carrierName(words.locale);
  return join(
    back
      ? join(
          paragraphs(t('returned.intro', { tradeNumber: words.tradeNumber })),
          list(back.devices),
          paragraphs(
            t('returned.parcel', {
              carrier,
              tradeNumber: words.tradeNumber,
              postalCode: trade.address.postalCode,
              city: trade.address.city,
            }),
          ),
        )
      : paragraphs(t('returned.introNothingBack', { tradeNumber: words.tradeNumber })),
    recycled.length > 0 && join(paragraphs(t('returned.recycled')), list(recycled.map((r) => r.deviceName))),
    paragraphs(paidCents > 0 ? t('returned.closedPaid', { paid: money(paidCents) }) : t('returned.closed')),
  );
}

function cancelledBody(words: Words): Body {
  const { t } = words;
  return paragraphs(t('cancelled.intro', { tradeNumber: words.tradeNumber }), t('cancelled.mistake'));
}
