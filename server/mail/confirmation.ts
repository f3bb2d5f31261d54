// The confirmation mail a seller gets when a trade is created: the trade number, the devices and
// prices, the total, the label link (absolute, from the shop's configured public origin) and the
// next steps, in the trade's language. Sent after the trade is committed; a failure is logged (no
// body, no payout data) and never fails the trade.

import type { FastifyBaseLogger } from 'fastify';
import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import type { Trade } from '../../src/contracts/trades';
import { carrierName } from '../labels/carriers';
import type { MailMessage } from './mailer';
import type { ShippingServices } from './services';
import { CONFIRMATION_TEXTS } from './texts';
import { escapeHtml } from './html';

export interface ConfirmationInput {
  readonly trade: Trade;
  readonly locale: Locale;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Absolute URL of the label PDF. */
  readonly labelUrl: string;
}

export function confirmationMail(input: ConfirmationInput): MailMessage {
  const { trade, locale } = input;
  const texts = CONFIRMATION_TEXTS[locale];
  const country = countryConfig(locale);
  const carrier = carrierName(locale);
  const money = new Intl.NumberFormat(country.icuLocale, { style: 'currency', currency: 'EUR' });
  const priceOf = (item: Trade['items'][number]) => (item.kind === 'recycling' ? texts.recycling : money.format(item.price));
  const steps = texts.steps(carrier);
  const c = texts.colon;

  const text = [
    texts.greeting(input.firstName),
    '',
    texts.intro(trade.tradeNumber),
    '',
    `${texts.devicesTitle}${c.trimEnd()}`,
    ...trade.items.map((item) => `- ${item.deviceName}${c}${priceOf(item)}`),
    ...(trade.voucher ? [`- ${texts.voucher(trade.voucher.code)}${c}+${money.format(trade.voucher.value)}`] : []),
    `${texts.total}${c}${money.format(trade.total)}`,
    `${texts.paidTo}${c}${trade.payout.masked}`,
    '',
    `${texts.labelTitle}`,
    texts.labelIntro(carrier),
    input.labelUrl,
    '',
    `${texts.nextTitle}${c.trimEnd()}`,
    ...steps.map((step, i) => `${i + 1}. ${step.title}${c}${step.text}`),
    '',
    texts.closing,
    texts.signature,
    '',
  ].join('\n');

  const rows = trade.items
    .map((item) => `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(item.deviceName)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(priceOf(item))}</td></tr>`)
    .join('');
  const voucherRow = trade.voucher
    ? `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(texts.voucher(trade.voucher.code))}</td><td style="padding:4px 0;text-align:right">+${escapeHtml(money.format(trade.voucher.value))}</td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(country.icuLocale)}">
<head><meta charset="utf-8"><title>${escapeHtml(texts.subject(trade.tradeNumber))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">
<p>${escapeHtml(texts.greeting(input.firstName))}</p>
<p>${escapeHtml(texts.intro(trade.tradeNumber))}</p>
<h2 style="font-size:17px">${escapeHtml(texts.devicesTitle)}</h2>
<table role="presentation" style="border-collapse:collapse">${rows}${voucherRow}
<tr><th style="padding:8px 12px 4px 0;text-align:left">${escapeHtml(texts.total)}</th><th style="padding:8px 0 4px;text-align:right">${escapeHtml(money.format(trade.total))}</th></tr>
</table>
<p>${escapeHtml(texts.paidTo + c + trade.payout.masked)}</p>
<h2 style="font-size:17px">${escapeHtml(texts.labelTitle)}</h2>
<p>${escapeHtml(texts.labelIntro(carrier))}</p>
<p><a href="${escapeHtml(input.labelUrl)}" style="display:inline-block;padding:10px 16px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(texts.labelLink)}</a></p>
<h2 style="font-size:17px">${escapeHtml(texts.nextTitle)}</h2>
<ol>${steps.map((step) => `<li><strong>${escapeHtml(step.title)}</strong>${escapeHtml(c + step.text)}</li>`).join('')}</ol>
<p>${escapeHtml(texts.closing)}<br>${escapeHtml(texts.signature)}</p>
</body>
</html>
`;

  return {
    from: { name: country.contact.fromName, address: country.contact.fromAddress },
    to: { name: `${input.firstName} ${input.lastName}`, address: input.email },
    subject: texts.subject(trade.tradeNumber),
    text,
    html,
  };
}

export interface CreatedTrade {
  readonly trade: Trade;
  readonly locale: Locale;
  readonly email: string;
  readonly address: { readonly firstName: string; readonly lastName: string };
}

/**
 * Sends the confirmation of a newly created trade; never throws. A failure is logged with the trade
 * number and the error's name, code and message only (no mail body, address or payout data).
 */
export async function sendTradeConfirmation(services: ShippingServices, created: CreatedTrade, log: Pick<FastifyBaseLogger, 'info' | 'error'>): Promise<boolean> {
  const { trade, locale } = created;
  try {
    const message = confirmationMail({
      trade,
      locale,
      email: created.email,
      firstName: created.address.firstName,
      lastName: created.address.lastName,
      labelUrl: services.labels.url(services.publicOrigin(locale), trade.tradeId),
    });
    await services.mailer.send(message);
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
