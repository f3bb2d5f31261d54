// The words of the back office's codes: refusal reasons, trade statuses, roles, field issues, the
// identifier check, the wipe methods, payout methods and batch states, contact subjects, countries and
// the support inbox's states. Only the screens turn a code into words, and only here.

import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ContactSubject } from '../../config/contact';
import type { Locale } from '../../config/locales';
import type { IssueCode } from '../../contracts/issues';
import type { ContactState, LookupMail } from '../../contracts/support';
import type { BATCH_STATES, ENTRY_STATES, PayoutMethod } from '../../contracts/payouts';
import type { ErasureMethod, StaffRole, identifierProblem } from '../../contracts/staff';
import type { TradeStatus } from '../../contracts/trades';
import type { StaffFailure } from '../services/failure';

const STATUS: Record<TradeStatus, MessageDescriptor> = {
  created: msg`Created (not received yet)`,
  received: msg`Received`,
  inspected: msg`Inspected`,
  clarification: msg`Waiting for the seller’s answer`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  returned: msg`Returned`,
  paid: msg`Paid`,
  cancelled: msg`Cancelled`,
};

export const statusText = (i18n: I18n, status: TradeStatus): string => i18n._(STATUS[status]);

const ROLE: Record<StaffRole, MessageDescriptor> = {
  support: msg`Support`,
  inspector: msg`Inspector`,
  payouts: msg`Payouts`,
  admin: msg`Admin`,
};

export const roleText = (i18n: I18n, role: StaffRole): string => i18n._(ROLE[role]);

const ERASURE: Record<ErasureMethod, MessageDescriptor> = {
  factory_reset_encrypted: msg`Factory reset of the encrypted device`,
  cryptographic_erase: msg`Cryptographic erase`,
};

export const erasureText = (i18n: I18n, method: ErasureMethod): string => i18n._(ERASURE[method]);

export function methodText(i18n: I18n, method: PayoutMethod, instant: boolean): string {
  if (method === 'paypal') return i18n._(msg`PayPal`);
  return instant ? i18n._(msg`SEPA Instant`) : i18n._(msg`SEPA transfer`);
}

const BATCH_STATE: Record<(typeof BATCH_STATES)[number], MessageDescriptor> = {
  open: msg`Open: file not executed yet`,
  executed: msg`Executed`,
  cancelled: msg`Cancelled`,
};

export const batchStateText = (i18n: I18n, state: (typeof BATCH_STATES)[number]): string => i18n._(BATCH_STATE[state]);

const ENTRY_STATE: Record<(typeof ENTRY_STATES)[number], MessageDescriptor> = {
  open: msg`Waiting for execution`,
  executed: msg`Paid`,
  cancelled: msg`Cancelled`,
  returned: msg`Returned by the bank`,
};

export const entryStateText = (i18n: I18n, state: (typeof ENTRY_STATES)[number]): string => i18n._(ENTRY_STATE[state]);

const SUBJECT: Record<ContactSubject, MessageDescriptor> = {
  dataChangeOrDocument: msg`Change of data or a document`,
  returns: msg`Returns`,
  payment: msg`Payment`,
  purchaseProcess: msg`Selling process`,
  orderCancellation: msg`Cancelling a trade`,
  topicNotListed: msg`Other topic`,
  deviceNotListed: msg`Device not listed`,
  newOffer: msg`New offer`,
  orderStatus: msg`Status of a trade`,
  customerAccount: msg`Customer account`,
};

export const subjectText = (i18n: I18n, subject: ContactSubject): string => i18n._(SUBJECT[subject]);

const COUNTRY: Record<Locale, MessageDescriptor> = {
  default: msg`International (English)`,
  de: msg`Germany`,
  at: msg`Austria`,
  es: msg`Spain`,
  fr: msg`France`,
  it: msg`Italy`,
};

/** The country shop of a locale (where a contact message came from, in which language it is answered). */
export const countryText = (i18n: I18n, locale: Locale): string => i18n._(COUNTRY[locale]);

const CONTACT_STATE: Record<ContactState, MessageDescriptor> = { open: msg`Open`, closed: msg`Closed` };

export const contactStateText = (i18n: I18n, state: ContactState): string => i18n._(CONTACT_STATE[state]);

const MAIL_STATUS: Record<LookupMail['status'], MessageDescriptor> = {
  pending: msg`Waiting to be sent`,
  sending: msg`Being sent`,
  sent: msg`Sent`,
  dead: msg`Failed (no more attempts)`,
};

export const mailStatusText = (i18n: I18n, status: LookupMail['status']): string => i18n._(MAIL_STATUS[status]);

/** "incl. bonus 1,20 €" under an amount. */
export const bonusLine = (i18n: I18n, bonus: string): string => i18n._(msg`incl. bonus ${bonus}`);

export function identifierText(i18n: I18n, problem: ReturnType<typeof identifierProblem>): string | null {
  switch (problem) {
    case 'imei_check_digit':
      return i18n._(msg`The IMEI’s check digit does not fit: check the 15 digits.`);
    case 'too_short':
      return i18n._(msg`Too short: a serial number has at least 6 letters or digits, an IMEI 15 digits.`);
    case 'invalid':
      return i18n._(msg`Only letters and digits: a serial number has 6 to 30, an IMEI 15 digits.`);
    default:
      return null;
  }
}

export function issueText(i18n: I18n, code: IssueCode): string {
  switch (code) {
    case 'required':
      return i18n._(msg`Please fill in this field.`);
    case 'email':
      return i18n._(msg`Enter a valid e-mail address.`);
    case 'passwordTooShort':
      return i18n._(msg`Use at least 12 characters.`);
    case 'passwordMismatch':
      return i18n._(msg`The two passwords differ.`);
    case 'tooLong':
      return i18n._(msg`This is too long.`);
    default:
      return i18n._(msg`This value is not valid.`);
  }
}

/** Whole minutes of a lock (at least one). */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** What a refusal means, in a sentence; a screen may say some reasons in its own words first. */
export function failureText(i18n: I18n, failure: StaffFailure): string {
  switch (failure.code) {
    case 'invalid_credentials':
      return i18n._(msg`The e-mail address or the password is wrong.`);
    case 'locked': {
      if (failure.retryAfterSeconds === null)
        return i18n._(msg`Too many attempts: this account is locked for now. Please try again later.`);
      const minutes = minutesOf(failure.retryAfterSeconds);
      return i18n._(msg`Too many attempts: this account is locked for ${plural(minutes, { one: '# minute', other: '# minutes' })}.`);
    }
    case 'invalid_code':
      return i18n._(msg`This code is wrong or was used already. Type the code your authenticator app shows now.`);
    case 'signed_out':
      return i18n._(msg`Your session has ended. Please sign in again.`);
    case 'csrf':
      return i18n._(msg`The request was refused because it did not come from this page. Please reload the page and try again.`);
    case 'forbidden':
      return i18n._(msg`Your roles do not allow this. Please ask an admin.`);
    case 'link_invalid':
      return i18n._(msg`This link is unknown, used or expired. Please ask an admin for a new one.`);
    case 'not_enrolled':
      return i18n._(
        msg`Your account has no authenticator app set up yet, and a sign-in link needs its code. Please ask an admin for a new set-password link.`,
      );
    case 'trade_not_found':
      return i18n._(msg`There is no trade with this number.`);
    case 'wrong_status': {
      if (failure.tradeStatus === null) return i18n._(msg`The trade is not in a status that allows this step.`);
      const status = statusText(i18n, failure.tradeStatus);
      return i18n._(msg`The trade’s status (${status}) does not allow this step.`);
    }
    case 'stale':
      return i18n._(msg`The trade was changed meanwhile. Nothing was saved.`);
    case 'invalid_identifier':
      return i18n._(msg`The server refused an IMEI or serial number. Please check the marked device.`);
    case 'photo_rejected':
      return i18n._(msg`Refused: only JPEG, PNG or WebP photos, not empty and not too large.`);
    case 'not_accepted':
      return i18n._(msg`This device is not accepted (declined, blocked or waiting for the seller), so it gets no certificate.`);
    case 'staff_exists':
      return i18n._(msg`A staff user with this e-mail address exists already.`);
    case 'staff_not_found':
      return i18n._(msg`This staff user does not exist any more.`);
    case 'own_account':
      return i18n._(msg`You cannot take the admin role from your own account or disable it.`);
    case 'wrong_method': {
      const tradeNumber = failure.tradeNumber;
      return tradeNumber === null
        ? i18n._(msg`SEPA Instant is only for SEPA batches.`)
        : i18n._(msg`${tradeNumber} is paid by the other payout method; select it in that method’s batch.`);
    }
    case 'nothing_due': {
      const tradeNumber = failure.tradeNumber;
      return tradeNumber === null
        ? i18n._(msg`Nothing of a selected trade is due any more. Reload the due payouts.`)
        : i18n._(msg`Nothing of ${tradeNumber} is due any more. Reload the due payouts.`);
    }
    case 'in_batch': {
      const tradeNumber = failure.tradeNumber;
      return tradeNumber === null
        ? i18n._(msg`A selected payout was just put into another batch. Reload the due payouts.`)
        : i18n._(msg`${tradeNumber} waits in a payout batch already. Reload the due payouts.`);
    }
    case 'batch_not_found':
      return i18n._(msg`There is no such payout batch.`);
    case 'batch_state':
      return i18n._(msg`This batch is no longer open: it was executed or cancelled. Reload it.`);
    case 'entry_not_found':
      return i18n._(msg`This batch pays no such trade.`);
    case 'entry_state':
      return i18n._(msg`This transfer is not paid (or came back already): only a paid transfer can come back. Reload the batch.`);
    case 'top_up_live':
      return i18n._(msg`A late-bonus top-up of this transfer is in another batch: cancel that batch, or record the top-up’s return first.`);
    case 'invalid_day':
      return i18n._(msg`This day is not possible here: a requested execution day cannot have passed, an executed one cannot lie ahead.`);
    case 'message_not_found':
      return i18n._(msg`There is no such contact message (or attachment).`);
    case 'message_closed':
      return i18n._(msg`This message is closed. Reopen it to reply.`);
    case 'not_support':
      return i18n._(msg`A message can only be assigned to a support user who is not disabled.`);
    case 'invalid_query':
      return i18n._(msg`Enter a trade number (TR-2026-000123), an e-mail address, or an IMEI or serial number.`);
    case 'mail_not_found':
      return i18n._(msg`There is no such mail.`);
    case 'mail_not_sent':
      return i18n._(msg`This mail is not sent yet; only a sent mail can be sent again.`);
    case 'mail_not_kept':
      return i18n._(msg`This mail was sent too long ago: its text is no longer kept, so it cannot be sent again.`);
    case 'network':
      return i18n._(msg`No answer from the server. Please check the connection and try again.`);
    case 'server':
      return i18n._(msg`Something went wrong on the server. Please try again in a moment.`);
    case 'refused':
      return i18n._(msg`The server refused this request.`);
  }
}
