// The bank file of a SEPA payout batch (issue 29, decision 074): an ISO 20022 customer credit transfer
// initiation, pain.001.001.09, as the EPC SEPA Credit Transfer rulebook has it — one payment information
// block debiting the company's account, one CdtTrfTxInf per trade (end-to-end id = the trade number),
// unstructured remittance, SLEV charges, batch booking. SEPA Instant is the local instrument INST.
// Amounts are integer cents until they are written (never floating sums), and NbOfTxs and CtrlSum are
// counted from the transactions written. Names are transliterated to the SEPA character set.

import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type * as XmlBuilder from 'xmlbuilder2';
import { sepaReference, sepaText } from './sepa-text';
import { lazyRequire } from '../platform/lazy-require';

const xmlBuilder = lazyRequire<typeof XmlBuilder>('xmlbuilder2');

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface SepaAccount {
  readonly name: string;
  readonly iban: string;
  /** Optional in SEPA ("IBAN only"); empty when not known. */
  readonly bic: string;
}

export interface SepaTransfer {
  /** The trade number: what the seller's bank statement and the bank's returns name. */
  readonly endToEndId: string;
  readonly amountCents: number;
  readonly creditor: SepaAccount;
  /** Unstructured remittance information (at most 140 characters after transliteration). */
  readonly remittance: string;
}

export interface SepaBatchFile {
  /** Unique per file (the bank refuses a message id it has seen). */
  readonly messageId: string;
  readonly createdAt: Date;
  readonly debtor: SepaAccount;
  /** YYYY-MM-DD: the day the bank is to execute the transfers. */
  readonly requestedDate: string;
  /** SEPA Instant Credit Transfer (LclInstrm INST) instead of a standard one. */
  readonly instant: boolean;
  readonly transfers: readonly SepaTransfer[];
}

/** Euros with two decimals from integer cents, exactly (1999 → "19.99"). */
export function sepaAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`A SEPA amount is a positive number of cents, not ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function account(role: 'debtor' | 'creditor', value: SepaAccount) {
  const iban = electronicFormatIBAN(value.iban) ?? '';
  if (!isValidIBAN(iban)) throw new Error(`The ${role}'s IBAN is not valid`);
  const bic = value.bic.replace(/\s+/g, '').toUpperCase();
  if (bic !== '' && !isValidBIC(bic)) throw new Error(`The ${role}'s BIC is not valid`);
  const name = sepaText(value.name, 70);
  if (name === '') throw new Error(`The ${role} has no name in the SEPA character set`);
  return { name, iban, bic };
}

/** The pain.001.001.09 document of a batch, UTF-8 XML. */
export function sepaCreditTransferXml(file: SepaBatchFile): string {
  if (file.transfers.length === 0) throw new Error('A SEPA batch file needs at least one transfer');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(file.requestedDate)) throw new Error(`Not a date: ${file.requestedDate}`);
  const debtor = account('debtor', file.debtor);
  const messageId = sepaReference(file.messageId);
  const transactions = file.transfers.map((transfer) => {
    const creditor = account('creditor', transfer.creditor);
    return {
      PmtId: { EndToEndId: sepaReference(transfer.endToEndId) },
      Amt: { InstdAmt: { '@Ccy': 'EUR', '#': sepaAmount(transfer.amountCents) } },
      ...(creditor.bic !== '' && { CdtrAgt: { FinInstnId: { BICFI: creditor.bic } } }),
      Cdtr: { Nm: creditor.name },
      CdtrAcct: { Id: { IBAN: creditor.iban } },
      RmtInf: { Ustrd: sepaText(transfer.remittance, 140) },
    };
  });
  const count = String(file.transfers.length);
  const controlSum = sepaAmount(file.transfers.reduce((sum, t) => sum + t.amountCents, 0));
  const document = {
    Document: {
      '@xmlns': PAIN_001_NAMESPACE,
      '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: messageId,
          // ISODateTime in UTC, whole seconds.
          CreDtTm: `${file.createdAt.toISOString().slice(0, 19)}Z`,
          NbOfTxs: count,
          CtrlSum: controlSum,
          InitgPty: { Nm: debtor.name },
        },
        PmtInf: {
          PmtInfId: messageId,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: controlSum,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' }, ...(file.instant && { LclInstrm: { Cd: 'INST' } }) },
          ReqdExctnDt: { Dt: file.requestedDate },
          Dbtr: { Nm: debtor.name },
          DbtrAcct: { Id: { IBAN: debtor.iban } },
          DbtrAgt: { FinInstnId: debtor.bic === '' ? { Othr: { Id: 'NOTPROVIDED' } } : { BICFI: debtor.bic } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: transactions,
        },
      },
    },
  };
  return xmlBuilder().create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true });
}
