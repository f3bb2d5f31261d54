// The data-erasure certificate PDF (decision 073), read back as text: one A4 page in the trade's
// language and brand with the certificate's number, the trade number, the device, the identifier
// masked (never in full), the method in words with NIST SP 800-88's purge, the day of the erasure in
// the shop's date format and time zone, the inspector's short id, and the statement of what was done.

import { PDFDocument } from '@pdfme/pdf-lib';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import { pageTexts } from '../test-support/pdf';
import { certificateFileName, ERASURE_STANDARD, renderErasureCertificate } from './certificate-pdf';
import type { CertificateData } from './erasure';

const DATA: CertificateData = {
  id: '0b1e6d2c-8a4f-4c1e-9f3a-5d7b2e6c9a10',
  tradeNumber: 'TR-2026-000123',
  locale: 'de',
  brand: 'tradein',
  deviceName: 'Apple iPhone 13 128 GB',
  position: 2,
  method: 'factory_reset_encrypted',
  identifier: '352099001761481',
  inspector: '7f3c2a91-1b2d-4e5f-8a9b-0c1d2e3f4a5b',
  // Late on 3 November in UTC: already 4 November in Berlin, Vienna, Madrid, Paris and Rome.
  erasedAt: new Date('2026-11-03T23:30:00Z'),
};

/** The page's strings, one a line, and the document. */
async function read(data: CertificateData) {
  const bytes = await renderErasureCertificate(data);
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { bytes, pdf, text: pageTexts(pdf.getPage(0)).join('\n') };
}

describe('renderErasureCertificate', () => {
  it('is one A4 page titled with the trade number, in German for a German trade', async () => {
    const { bytes, pdf, text } = await read(DATA);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getWidth()).toBeCloseTo(595.28);
    expect(pdf.getPage(0).getHeight()).toBeCloseTo(841.89);
    expect(pdf.getTitle()).toBe('Zertifikat über die Datenlöschung TR-2026-000123');
    for (const line of [
      'trade-in',
      'Zertifikat über die Datenlöschung',
      'Zertifikatsnummer: 0b1e6d2c-8a4f-4c1e-9f3a-5d7b2e6c9a10',
      'Auftragsnummer\nTR-2026-000123',
      'Gerät\nApple iPhone 13 128 GB',
      'IMEI\n35209900•••••81\nZum Schutz Ihrer Privatsphäre nur teilweise angezeigt.',
      'Verfahren\nZurücksetzen des verschlüsselten Geräts auf die',
      'Standard\nNIST SP 800-88 Rev. 2, Purge',
      'Datum der Löschung\n04.11.26',
      'Prüfer-Kennung\n7f3c2a91',
    ]) {
      expect(text).toContain(line);
    }
    const sentence = text.slice(text.indexOf('Wir bestätigen')).replace(/\n/g, ' ');
    expect(sentence).toContain('am 04.11.26 mit dem oben genannten Verfahren gelöscht wurden');
    expect(sentence).toContain('der Stufe „Purge“ nach NIST SP 800-88 Rev. 2');
    expect(sentence).toContain('unter der Prüfer-Kennung 7f3c2a91 bestätigt');
    expect(sentence).toContain('Ausgestellt von trade-in zum Auftrag TR-2026-000123');
    // Neither the full IMEI nor the whole staff id is printed.
    expect(text).not.toContain(DATA.identifier);
    expect(text).not.toContain(DATA.inspector);
  });

  it('speaks every shop’s language with its date format, and names a serial number and the cli as such', async () => {
    const english = await read({ ...DATA, locale: 'default', method: 'cryptographic_erase', identifier: 'C39XK2LMN07K', inspector: 'cli' });
    expect(english.text).toContain('Certificate of data erasure');
    expect(english.text).toContain('Serial number\nC3••••••••7K');
    expect(english.text.replace(/\n/g, ' ')).toContain('Method Cryptographic erase: the key that encrypts the data is destroyed');
    expect(english.text).toContain('Date of erasure\n04.11.26');
    expect(english.text).toContain('Inspector ID\ncli');
    expect(english.text.replace(/\n/g, ' ')).toContain(`It is a “Purge” method under ${ERASURE_STANDARD}`);

    const titles: Record<string, string> = {
      de: 'Zertifikat über die Datenlöschung',
      at: 'Zertifikat über die Datenlöschung',
      es: 'Certificado de borrado de datos',
      fr: 'Certificat d’effacement des données',
      it: 'Certificato di cancellazione dei dati',
      default: 'Certificate of data erasure',
    };
    const dates: Record<string, string> = {
      de: '04.11.26',
      at: '04.11.26',
      es: '04/11/26',
      fr: '04/11/26',
      it: '04/11/26',
      default: '04.11.26',
    };
    for (const locale of LOCALES) {
      const { pdf, text } = await read({ ...DATA, locale });
      expect(pdf.getTitle(), locale).toBe(`${titles[locale]} TR-2026-000123`);
      expect(text.replace(/\n/g, ' '), locale).toContain(dates[locale]);
      expect(text, locale).toContain('NIST SP 800-88 Rev. 2, Purge');
    }
  });

  it('signs with the brand the trade was sold under, and wraps a long device name instead of cutting it', async () => {
    const name = 'Samsung Galaxy Z Fold6 Enterprise Edition 1 TB Silver Shadow with a very long marketing name';
    const { text, pdf } = await read({ ...DATA, brand: 'agan', deviceName: name });
    expect(text.split('\n')[0]).toBe('agan');
    expect(text).not.toMatch(/trade-?in/i);
    expect(pdf.getAuthor()).toBe('agan Kundenservice');
    expect(text.replace(/\n/g, ' ')).toContain(name);
  });

  it('has a file name of the trade number and the device’s place', () => {
    expect(certificateFileName(DATA)).toBe('data-erasure-certificate-TR-2026-000123-2.pdf');
  });
});
