// The pain.001.001.09 file, read back by an XML parser that is not the one that wrote it (fast-xml-parser),
// field by field: the group header's and the payment block's NbOfTxs and CtrlSum, exact cents, the
// debtor, SEPA Instant, one CdtTrfTxInf per trade with the trade number as end-to-end id, names and
// remittance in the SEPA character set. The rules' edges and refusals too.

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { PAIN_001_NAMESPACE, sepaAmount, sepaCreditTransferXml, type SepaBatchFile } from './sepa-file';
import { sepaReference, sepaText } from './sepa-text';

const DEBTOR = { name: 'Trade-in Test GmbH', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' };

const file = (overrides: Partial<SepaBatchFile> = {}): SepaBatchFile => ({
  messageId: 'PB-000042',
  createdAt: new Date('2026-11-28T09:15:30.456Z'),
  debtor: DEBTOR,
  requestedDate: '2026-11-30',
  instant: false,
  transfers: [
    {
      endToEndId: 'TR-2026-000017',
      amountCents: 34_400,
      creditor: { name: 'Jürgen Weiß-Müller', iban: 'DE89370400440532013000', bic: '' },
      remittance: 'TR-2026-000017 trade-in payout',
    },
    {
      endToEndId: 'TR-2026-000018',
      amountCents: 10,
      creditor: { name: 'Zoë Ångström & Søren Œuvre', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPLIL' },
      remittance: 'TR-2026-000018 “trade-in” payout — danke!',
    },
    {
      endToEndId: 'TR-2026-000019',
      amountCents: 19_99,
      creditor: { name: 'Ana Núñez', iban: 'ES9121000418450200051332', bic: '' },
      remittance: 'TR-2026-000019 trade-in payout',
    },
  ],
  ...overrides,
});

interface Parsed {
  Document: {
    '@_xmlns': string;
    CstmrCdtTrfInitn: {
      GrpHdr: { MsgId: string; CreDtTm: string; NbOfTxs: string; CtrlSum: string; InitgPty: { Nm: string } };
      PmtInf: {
        PmtInfId: string;
        PmtMtd: string;
        BtchBookg: string;
        NbOfTxs: string;
        CtrlSum: string;
        PmtTpInf: { SvcLvl: { Cd: string }; LclInstrm?: { Cd: string } };
        ReqdExctnDt: { Dt: string };
        Dbtr: { Nm: string };
        DbtrAcct: { Id: { IBAN: string } };
        DbtrAgt: { FinInstnId: { BICFI?: string; Othr?: { Id: string } } };
        ChrgBr: string;
        CdtTrfTxInf: {
          PmtId: { EndToEndId: string };
          Amt: { InstdAmt: { '#text': string; '@_Ccy': string } };
          CdtrAgt?: { FinInstnId: { BICFI: string } };
          Cdtr: { Nm: string };
          CdtrAcct: { Id: { IBAN: string } };
          RmtInf: { Ustrd: string };
        }[];
      };
    };
  };
}

function parse(xml: string): Parsed {
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => name === 'CdtTrfTxInf',
  }).parse(xml) as Parsed;
}

/** The SEPA character set of the EPC rulebook. */
const SEPA_CHARSET = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

describe('pain.001.001.09 credit transfer file', () => {
  const xml = sepaCreditTransferXml(file());
  const doc = parse(xml).Document;
  const initiation = doc.CstmrCdtTrfInitn;
  const block = initiation.PmtInf;
  const transactions = block.CdtTrfTxInf;

  it('is UTF-8 XML in the pain.001.001.09 namespace', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(doc['@_xmlns']).toBe(PAIN_001_NAMESPACE);
  });

  it('counts the transactions and sums their exact cents in the group header and the payment block', () => {
    // 344.00 + 0.10 + 19.99 = 364.09 (as floats 344 + 0.1 + 19.99 is 364.09000000000003)
    expect(initiation.GrpHdr).toMatchObject({ MsgId: 'PB-000042', NbOfTxs: '3', CtrlSum: '364.09' });
    expect(block).toMatchObject({
      PmtInfId: 'PB-000042',
      PmtMtd: 'TRF',
      BtchBookg: 'true',
      NbOfTxs: '3',
      CtrlSum: '364.09',
      ChrgBr: 'SLEV',
    });
    expect(transactions).toHaveLength(3);
    const sum = transactions.reduce((cents, t) => cents + Math.round(Number(t.Amt.InstdAmt['#text']) * 100), 0);
    expect(sum).toBe(36_409);
  });

  it('writes the creation time in UTC to the second and the requested execution day', () => {
    expect(initiation.GrpHdr.CreDtTm).toBe('2026-11-28T09:15:30Z');
    expect(block.ReqdExctnDt.Dt).toBe('2026-11-30');
  });

  it("debits the company's account, with its BIC, as a standard SEPA transfer", () => {
    expect(block.PmtTpInf.SvcLvl.Cd).toBe('SEPA');
    expect(block.PmtTpInf.LclInstrm).toBeUndefined();
    expect(block.Dbtr.Nm).toBe('Trade-in Test GmbH');
    expect(initiation.GrpHdr.InitgPty.Nm).toBe('Trade-in Test GmbH');
    expect(block.DbtrAcct.Id.IBAN).toBe('DE02120300000000202051');
    expect(block.DbtrAgt.FinInstnId.BICFI).toBe('BYLADEM1001');
  });

  it('has one transaction per trade: end-to-end id, euro amount, creditor, IBAN and remittance', () => {
    expect(transactions.map((t) => t.PmtId.EndToEndId)).toEqual(['TR-2026-000017', 'TR-2026-000018', 'TR-2026-000019']);
    expect(transactions.map((t) => t.Amt.InstdAmt['#text'])).toEqual(['344.00', '0.10', '19.99']);
    expect(transactions.every((t) => t.Amt.InstdAmt['@_Ccy'] === 'EUR')).toBe(true);
    expect(transactions.map((t) => t.CdtrAcct.Id.IBAN)).toEqual([
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
      'ES9121000418450200051332',
    ]);
    // A BIC only where the seller gave one (SEPA: the IBAN suffices).
    expect(transactions.map((t) => t.CdtrAgt?.FinInstnId.BICFI ?? null)).toEqual([null, 'PSSTFRPPLIL', null]);
    expect(transactions[0]!.RmtInf.Ustrd).toBe('TR-2026-000017 trade-in payout');
  });

  it('transliterates names and remittance into the SEPA character set', () => {
    expect(transactions.map((t) => t.Cdtr.Nm)).toEqual(['Juergen Weiss-Mueller', 'Zoe Angstroem + Soren OEuvre', 'Ana Nunez']);
    expect(transactions[1]!.RmtInf.Ustrd).toBe("TR-2026-000018 'trade-in' payout - danke");
    for (const t of transactions) {
      expect(t.Cdtr.Nm).toMatch(SEPA_CHARSET);
      expect(t.RmtInf.Ustrd).toMatch(SEPA_CHARSET);
    }
  });

  it('marks a SEPA Instant batch with the local instrument INST, and names no debtor BIC when none is configured', () => {
    const instant = parse(sepaCreditTransferXml(file({ instant: true, debtor: { ...DEBTOR, bic: '' } }))).Document.CstmrCdtTrfInitn.PmtInf;
    expect(instant.PmtTpInf).toEqual({ SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: 'INST' } });
    expect(instant.DbtrAgt.FinInstnId).toEqual({ Othr: { Id: 'NOTPROVIDED' } });
  });

  it('escapes what XML needs escaped and cuts a name at 70 characters', () => {
    const long = parse(
      sepaCreditTransferXml(
        file({
          transfers: [{ ...file().transfers[0]!, creditor: { ...file().transfers[0]!.creditor, name: `${'A'.repeat(69)}<b>&` } }],
        }),
      ),
    ).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf[0]!;
    expect(long.Cdtr.Nm).toBe(`${'A'.repeat(69)}`);
  });

  it('refuses an invalid IBAN, a zero amount, a fractional cent, an empty batch and a bad day', () => {
    const one = file().transfers[0]!;
    expect(() =>
      sepaCreditTransferXml(file({ transfers: [{ ...one, creditor: { ...one.creditor, iban: 'DE00370400440532013000' } }] })),
    ).toThrow(/creditor's IBAN/);
    expect(() => sepaCreditTransferXml(file({ transfers: [{ ...one, amountCents: 0 }] }))).toThrow(/positive/);
    expect(() => sepaCreditTransferXml(file({ transfers: [{ ...one, amountCents: 10.5 }] }))).toThrow(/positive/);
    expect(() => sepaCreditTransferXml(file({ transfers: [] }))).toThrow(/at least one/);
    expect(() => sepaCreditTransferXml(file({ requestedDate: '30.11.2026' }))).toThrow(/Not a date/);
    expect(() => sepaCreditTransferXml(file({ debtor: { ...DEBTOR, bic: 'NOTABIC' } }))).toThrow(/debtor's BIC/);
  });
});

describe('amounts', () => {
  it('are euros with two decimals from integer cents, exactly', () => {
    expect(sepaAmount(1)).toBe('0.01');
    expect(sepaAmount(100)).toBe('1.00');
    expect(sepaAmount(123_456_789)).toBe('1234567.89');
  });
});

describe('SEPA text and references', () => {
  it('spells out umlauts and ß, drops other accents, and turns anything else into a space', () => {
    expect(sepaText('Größe: Ärger über Çedille №5 😀 ok', 140)).toBe('Groesse: Aerger ueber Cedille No5 ok');
  });

  it('makes a reference of at most 35 characters that neither starts nor ends with "/" nor holds "//"', () => {
    expect(sepaReference('/TR-2026//000001/')).toBe('TR-2026/000001');
    expect(sepaReference('x'.repeat(40))).toHaveLength(35);
    expect(() => sepaReference('😀')).toThrow(/no SEPA reference/);
  });
});
