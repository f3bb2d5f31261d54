import { describe, expect, it } from 'vitest';
import { BULK_MAX_BYTES } from '../../src/contracts/bulk-offers';
import { BulkListError, decodeList, detectSeparator, parseList } from './csv';

const rows = (n: number) => Array.from({ length: n }, (_, i) => `iPhone 13 128 GB;${(i % 99) + 1};A`).join('\n');

describe('reading a device list', () => {
  it('reads ; and , separated lists, with or without a header row, blank quantity 1 and blank grade B', () => {
    expect(parseList('Modell;Anzahl;Zustand\niPhone 13 128 GB;3;a\nGalaxy S21;;')).toEqual([
      { kind: 'row', line: 2, text: 'iPhone 13 128 GB', quantity: 3, grade: 'A' },
      { kind: 'row', line: 3, text: 'Galaxy S21', quantity: 1, grade: 'B' },
    ]);
    expect(parseList('iPhone 13 128 GB,3,C\nPixel 7,2,D')).toEqual([
      { kind: 'row', line: 1, text: 'iPhone 13 128 GB', quantity: 3, grade: 'C' },
      { kind: 'row', line: 2, text: 'Pixel 7', quantity: 2, grade: 'D' },
    ]);
    expect(parseList('model,quantity,grade\nPixel 7,1,A')).toEqual([{ kind: 'row', line: 2, text: 'Pixel 7', quantity: 1, grade: 'A' }]);
  });

  it('keeps quoted separators and quotes inside the model', () => {
    expect(parseList('"MacBook Air 13"", M1; 8 GB";2;B\n"Galaxy S21; 5G";1;A')).toEqual([
      { kind: 'row', line: 1, text: 'MacBook Air 13", M1; 8 GB', quantity: 2, grade: 'B' },
      { kind: 'row', line: 2, text: 'Galaxy S21; 5G', quantity: 1, grade: 'A' },
    ]);
    expect(detectSeparator('"a;b;c",1,A')).toBe(',');
    expect(detectSeparator('a;1;A')).toBe(';');
    expect(detectSeparator('a\t1\tA')).toBe('\t');
  });

  it('reports bad rows with their line numbers and skips empty ones', () => {
    expect(parseList('iPhone 13;2;A\n\n;3;A\nPixel 7;zwei;B\nPixel 8;100;A\nPixel 9;1;E\n;;\nPixel 6;0;X')).toEqual([
      { kind: 'row', line: 1, text: 'iPhone 13', quantity: 2, grade: 'A' },
      { kind: 'invalid', line: 3, text: '· 3 · A', problems: ['modelMissing'] },
      { kind: 'invalid', line: 4, text: 'Pixel 7 · zwei · B', problems: ['quantity'] },
      { kind: 'invalid', line: 5, text: 'Pixel 8 · 100 · A', problems: ['quantity'] },
      { kind: 'invalid', line: 6, text: 'Pixel 9 · 1 · E', problems: ['grade'] },
      { kind: 'invalid', line: 8, text: 'Pixel 6 · 0 · X', problems: ['quantity', 'grade'] },
    ]);
  });

  it('decodes UTF-8 with a BOM, and Windows-1252 (Excel on Windows) when the bytes are not UTF-8', () => {
    const utf8 = decodeList(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Tablet für Büro;2;A')]));
    expect(utf8.encoding).toBe('utf-8');
    expect(parseList(utf8.text)).toEqual([{ kind: 'row', line: 1, text: 'Tablet für Büro', quantity: 2, grade: 'A' }]);
    // "Größe Ä" in Windows-1252: ö = 0xF6, ß = 0xDF, Ä = 0xC4.
    const cp1252 = decodeList(new Uint8Array([0x47, 0x72, 0xf6, 0xdf, 0x65, 0x20, 0xc4, 0x3b, 0x31, 0x3b, 0x42]));
    expect(cp1252).toEqual({ text: 'Größe Ä;1;B', encoding: 'windows-1252' });
    expect(parseList('\uFEFFiPhone 13;1;A')[0]).toMatchObject({ text: 'iPhone 13' });
  });

  it('accepts 1,000 lines (a header not counted) and refuses 1,001 and lists over the byte limit', () => {
    expect(parseList(rows(1000))).toHaveLength(1000);
    expect(parseList(`model;quantity;grade\n${rows(1000)}`)).toHaveLength(1000);
    expect(() => parseList(rows(1001))).toThrow(BulkListError);
    expect(() => parseList(rows(1001))).toThrow('at most 1000 lines');
    expect(() => decodeList(new Uint8Array(BULK_MAX_BYTES + 1))).toThrow('larger than 256 KB');
    expect(() => parseList('x'.repeat(BULK_MAX_BYTES + 1))).toThrow(BulkListError);
  });
});
