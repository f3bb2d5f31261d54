// The confirmation mail a seller gets when a trade is created: the trade number, the devices and
// prices, the total, the label link (absolute, from the shop's configured public origin) and the
// next steps and the link to the seller's trade page, in the trade's language. Sent after the trade is committed; a failure is logged (no
// body, no payout data) and never fails the trade.

import type { FastifyBaseLogger } from 'fastify';
import { BRAND_CONFIG, type Brand } from '../../src/config/brands';
import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import { PAYOUT_PROMISES } from '../../src/config/payout-promise';
import type { Trade } from '../../src/contracts/trades';
import { serverI18n } from '../i18n/catalog';
import { carrierName } from '../labels/carriers';
import { ButtonLink, HEADING } from '../mail/html';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import type { LabelLinks } from '../labels/links';
import type { MailServices } from '../mail/setup';
import type { TradeLinks } from './links';
import type { TradeSubmission } from './service';

export interface ConfirmationInput {
  readonly trade: Trade;
  readonly locale: Locale;
  /** The brand the trade was sold under: sender, signature (decision 033). */
  readonly brand?: Brand;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Absolute URL of the label PDF. */
  readonly labelUrl: string;
  /** Absolute URL of the seller's trade page (server/trades/links.ts). */
  readonly tradePageUrl: string;
  /** Absolute URL of a business trade's credit note PDF (decision 036). */
  readonly creditNoteUrl?: string;
}

/** The next steps, in order (catalog ids mail.confirmation.step.<name>.title/text). */
const STEPS = ['pack', 'ship', 'inspection', 'payout'] as const;

export function confirmationMail(input: ConfirmationInput): MailMessage {
  const { trade, locale } = input;
  const i18n = serverI18n(locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`mail.confirmation.${id}`, values);
  const country = countryConfig(locale);
  const carrier = carrierName(locale);
  const money = new Intl.NumberFormat(country.icuLocale, { style: 'currency', currency: 'EUR' });
  // A business line of several units shows them and the unit price before its amount: "4 × 1.185,00 € = 4.740,00 €",
  // so the lines add up to the total (prices are whole cents, so the product is exact).
  const priceOf = (item: Trade['items'][number]) => {
    if (item.kind === 'recycling') return t('recycling');
    if (item.quantity === 1) return money.format(item.price);
    const amount = (Math.round(item.price * 100) * item.quantity) / 100;
    return `${t('units', { quantity: item.quantity, unitPrice: money.format(item.price) })} = ${money.format(amount)}`;
  };
  // The payout promise in the words of the thank-you page, from the one source both read
  // (src/config/payout-promise.ts). Business trade-ins are paid by SEPA transfer to the company
  // account only (decision 035).
  const promise = PAYOUT_PROMISES[locale];
  const promised = {
    workingDays: promise.workingDays,
    bonusPercent: new Intl.NumberFormat(country.icuLocale).format(promise.bonusBasisPoints / 100),
    bonusCap: money.format(promise.bonusCapCents / 100),
  };
  const stepText = (name: (typeof STEPS)[number]) =>
    t(name === 'payout' && trade.b2b ? 'step.payout.textBusiness' : `step.${name}.text`, { carrier, ...promised });
  const steps = STEPS.map((name) => ({ title: t(`step.${name}.title`), text: stepText(name) }));
  // Between a label and its value: ': ', in French ' : ' (non-breaking space before the colon).
  const c = i18n._('mail.colon');

  const cell = { padding: '4px 12px 4px 0' } as const;
  const amount = { padding: '4px 0', textAlign: 'right' } as const;
  const brand = input.brand ?? 'tradein';
  return letter({
    locale,
    brand,
    to: { name: `${input.firstName} ${input.lastName}`, address: input.email },
    subject: t('subject', { tradeNumber: trade.tradeNumber }),
    greeting: t('greeting', { firstName: input.firstName }),
    closing: t('closing'),
    signature: t('signature', { brand: BRAND_CONFIG[brand].name }),
    text: [
      t('intro', { tradeNumber: trade.tradeNumber }),
      '',
      `${t('devicesTitle')}${c.trimEnd()}`,
      ...trade.items.map((item) => `- ${item.deviceName}${c}${priceOf(item)}`),
      ...(trade.voucher ? [`- ${t('voucher', { code: trade.voucher.code })}${c}+${money.format(trade.voucher.value)}`] : []),
      `${t('total')}${c}${money.format(trade.total)}`,
      `${t('paidTo')}${c}${trade.payout.masked}`,
      '',
      `${t('labelTitle')}`,
      t('labelIntro', { carrier }),
      input.labelUrl,
      '',
      ...(input.creditNoteUrl ? [t('creditNoteTitle'), t('creditNoteIntro'), input.creditNoteUrl, ''] : []),
      `${t('nextTitle')}${c.trimEnd()}`,
      ...steps.map((step, i) => `${i + 1}. ${step.title}${c}${step.text}`),
      '',
      `${i18n._('mail.trade.tradePage')}${c}${input.tradePageUrl}`,
      '',
    ],
    html: (
      <>
        <p>{t('intro', { tradeNumber: trade.tradeNumber })}</p>
        <h2 style={HEADING}>{t('devicesTitle')}</h2>
        <table role="presentation" style={{ borderCollapse: 'collapse' }}>
          <tbody>
            {trade.items.map((item, i) => (
              <tr key={i}>
                <td style={cell}>{item.deviceName}</td>
                <td style={amount}>{priceOf(item)}</td>
              </tr>
            ))}
            {trade.voucher && (
              <tr>
                <td style={cell}>{t('voucher', { code: trade.voucher.code })}</td>
                <td style={amount}>+{money.format(trade.voucher.value)}</td>
              </tr>
            )}
            <tr>
              <th style={{ padding: '8px 12px 4px 0', textAlign: 'left' }}>{t('total')}</th>
              <th style={{ padding: '8px 0 4px', textAlign: 'right' }}>{money.format(trade.total)}</th>
            </tr>
          </tbody>
        </table>
        <p>{t('paidTo') + c + trade.payout.masked}</p>
        <h2 style={HEADING}>{t('labelTitle')}</h2>
        <p>{t('labelIntro', { carrier })}</p>
        <ButtonLink href={input.labelUrl}>{t('labelLink')}</ButtonLink>
        {input.creditNoteUrl && (
          <>
            <h2 style={HEADING}>{t('creditNoteTitle')}</h2>
            <p>{t('creditNoteIntro')}</p>
            <ButtonLink href={input.creditNoteUrl}>{t('creditNoteLink')}</ButtonLink>
          </>
        )}
        <h2 style={HEADING}>{t('nextTitle')}</h2>
        <ol>
          {steps.map((step, i) => (
            <li key={i}>
              <strong>{step.title}</strong>
              {c + step.text}
            </li>
          ))}
        </ol>
        <ButtonLink href={input.tradePageUrl}>{i18n._('mail.trade.tradePage')}</ButtonLink>
      </>
    ),
  });
}

export interface CreatedTrade {
  readonly trade: Trade;
  readonly locale: Locale;
  readonly brand?: Brand;
  readonly email: string;
  readonly address: { readonly firstName: string; readonly lastName: string };
}

/** The confirmation mail of a newly created trade, with its label (and credit note) links. */
/** What the confirmation needs: the mailer, the public origins, the label and trade page links. */
export type TradeMailServices = Pick<MailServices, 'mailer' | 'publicOrigin'> & {
  readonly labels: LabelLinks;
  readonly trades: TradeLinks;
};

export function tradeConfirmationMail(services: TradeMailServices, created: CreatedTrade): MailMessage {
  const { trade, locale } = created;
  return confirmationMail({
    trade,
    locale,
    ...(created.brand && { brand: created.brand }),
    email: created.email,
    firstName: created.address.firstName,
    lastName: created.address.lastName,
    labelUrl: services.labels.url(services.publicOrigin(locale, created.brand), trade.tradeId),
    tradePageUrl: services.publicOrigin(locale, created.brand).replace(/\/+$/, '') + services.trades.path(locale, trade.tradeNumber),
    ...(trade.b2b ? { creditNoteUrl: services.labels.creditNoteUrl(services.publicOrigin(locale, created.brand), trade.tradeId) } : {}),
  });
}

/**
 * How a new trade's confirmation goes out. With the durable outbox (the shop, decision 054) it is
 * written in the trade's transaction and the worker is woken after the commit: the answer never
 * waits for SMTP. With a bare transport (tests of the transport) it is sent after the commit.
 */
export function tradeConfirmationHooks(
  services: TradeMailServices,
  context: Omit<CreatedTrade, 'trade' | 'email'>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Pick<TradeSubmission, 'inTransaction' | 'onCreated'> {
  const { mailer } = services;
  if (mailer.enqueue) {
    return {
      inTransaction: (tx, trade, email) => mailer.enqueue!(tradeConfirmationMail(services, { ...context, trade, email }), tx),
      onCreated: async () => mailer.wake?.(),
    };
  }
  return {
    onCreated: async (trade, email) => {
      await sendTradeConfirmation(services, { ...context, trade, email }, log);
    },
  };
}

/**
 * Sends the confirmation of a newly created trade; never throws. A failure is logged with the trade
 * number and the error's name, code and message only (no mail body, address or payout data).
 */
export async function sendTradeConfirmation(
  services: TradeMailServices,
  created: CreatedTrade,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<boolean> {
  const { trade, locale } = created;
  try {
    await services.mailer.send(tradeConfirmationMail(services, created));
    log.info({ tradeNumber: trade.tradeNumber, locale }, 'confirmation mail sent');
    return true;
  } catch (error) {
    const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
    log.error(
      {
        tradeId: trade.tradeId,
        tradeNumber: trade.tradeNumber,
        mailError: {
          name: typeof name === 'string' ? name : 'Error',
          ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
          message: typeof message === 'string' ? message.slice(0, 300) : String(error).slice(0, 300),
        },
      },
      'confirmation mail failed',
    );
    return false;
  }
}
