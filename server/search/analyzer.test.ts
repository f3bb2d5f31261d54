import { describe, expect, it } from 'vitest';
import { analyze } from './analyzer';

describe('analyze (standard analyzer)', () => {
  it('splits on non-word characters and lower-cases', () => {
    expect(analyze('Galaxy S24 Ultra')).toEqual(['galaxy', 's24', 'ultra']);
    expect(analyze('iPhone 15 Pro')).toEqual(['iphone', '15', 'pro']);
    expect(analyze('  Apple  iPhone-13/Pro, 128GB!')).toEqual(['apple', 'iphone', '13', 'pro', '128gb']);
    expect(analyze('')).toEqual([]);
    expect(analyze(' -- / ')).toEqual([]);
  });

  it('keeps letters with diacritics and other scripts', () => {
    expect(analyze('Garmin fēnix 7 Öko-Gerät')).toEqual(['garmin', 'fēnix', '7', 'öko', 'gerät']);
    expect(analyze('Смартфон ΣΟΦΙΑ')).toEqual(['смартфон', 'σοφια']);
    expect(analyze('İPHONE')).toEqual(['iphone']);
  });

  it('joins words across the UAX #29 mid-word characters only between letters or digits', () => {
    expect(analyze('Canon EF 24-70mm f/2.8L')).toEqual(['canon', 'ef', '24', '70mm', 'f', '2.8l']);
    expect(analyze("iPhone's U.S.A. 1,000")).toEqual(["iphone's", 'u.s.a', '1,000']);
    expect(analyze('a.1 end. 2,b')).toEqual(['a', '1', 'end', '2', 'b']);
    expect(analyze('a,b c;d 1:2 x:y')).toEqual(['a', 'b', 'c', 'd', '1', '2', 'x:y']);
    expect(analyze('snake_case __ x')).toEqual(['snake_case', 'x']);
  });

  it('emits every Han character as a token and splits tokens longer than 255', () => {
    expect(analyze('索尼PS5')).toEqual(['索', '尼', 'ps5']);
    const long = analyze('x'.repeat(300));
    expect(long.map((t) => t.length)).toEqual([255, 45]);
  });
});
