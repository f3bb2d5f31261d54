import { describe, expect, it } from 'vitest';
import { compileAnalyzer, delimit, fold, type AnalysisSettings } from './analysis';

const SETTINGS: AnalysisSettings = {
  char_filter: { plus_word: { type: 'mapping', mappings: ['+ => \\u0020plus\\u0020'] } },
  filter: {
    split: { type: 'word_delimiter_graph', preserve_original: true, split_on_case_change: true, split_on_numerics: true },
    folding: { type: 'asciifolding', preserve_original: true },
    synonyms: { type: 'synonym', synonyms: ['smartphones, handy, móvil', 'ii, 2', 'mark, mk'] },
    joined: { type: 'shingle', min_shingle_size: 2, max_shingle_size: 2, output_unigrams: true, token_separator: '' },
  },
  analyzer: {
    index: {
      type: 'custom',
      tokenizer: 'standard',
      char_filter: ['plus_word'],
      filter: ['split', 'lowercase', 'folding', 'synonyms', 'joined'],
    },
    search: { type: 'custom', tokenizer: 'standard', char_filter: ['plus_word'], filter: ['split', 'lowercase', 'folding'] },
  },
};
const indexer = compileAnalyzer(SETTINGS, 'index');
const searcher = compileAnalyzer(SETTINGS, 'search');

describe('word_delimiter_graph (delimit)', () => {
  it('splits on case changes and between letters and digits', () => {
    expect(delimit('OnePlus')).toEqual(['One', 'Plus']);
    expect(delimit('Note20')).toEqual(['Note', '20']);
    expect(delimit('1000XM4')).toEqual(['1000', 'XM', '4']);
    expect(delimit('iPhone')).toEqual(['i', 'Phone']);
  });

  it('leaves a word of one part alone', () => {
    expect(delimit('galaxy')).toEqual([]);
    expect(delimit('GALAXY')).toEqual([]);
    expect(delimit('2024')).toEqual([]);
  });
});

describe('asciifolding', () => {
  it('drops accents and spells out ligatures', () => {
    expect(fold('fēnix')).toBe('fenix');
    expect(fold('móvil')).toBe('movil');
    expect(fold('straße')).toBe('strasse');
  });
});

describe('the index analyzer', () => {
  it('indexes a word, its parts and its neighbour joined to it', () => {
    const terms = indexer.index('OnePlus 9');
    expect(terms).toEqual(expect.arrayContaining(['oneplus', 'one', 'plus', '9', 'oneplus9']));
    expect(indexer.index('Galaxy Note20')).toEqual(expect.arrayContaining(['note20', 'note', '20', 'galaxynote20']));
  });

  it('indexes every member of a synonym line, accents folded', () => {
    expect(indexer.index('Smartphones')).toEqual(['smartphones', 'handy', 'movil']);
    expect(indexer.index('EOS R6 Mark II')).toEqual(expect.arrayContaining(['mk', '2']));
  });

  it('turns a trailing "+" into the word plus', () => {
    expect(indexer.index('Galaxy S10+')).toEqual(expect.arrayContaining(['s10', 'plus', 's10plus']));
  });

  it('does not expand words outside any synonym line', () => {
    expect(indexer.index('Pixel')).toEqual(['pixel']);
  });
});

describe('the search analyzer', () => {
  it('gives each query word its alternatives: the word, its parts, its folded spelling', () => {
    expect(searcher.query('note20')).toEqual([[['note20'], ['note', '20']]]);
    expect(searcher.query('fēnix 7')).toEqual([[['fēnix'], ['fenix']], [['7']]]);
  });

  it('applies no synonyms and no joins at query time (the index holds them)', () => {
    expect(searcher.query('handy galaxy')).toEqual([[['handy']], [['galaxy']]]);
  });

  it('rejects synonym rules it does not support', () => {
    expect(() =>
      compileAnalyzer({ ...SETTINGS, filter: { ...SETTINGS.filter, synonyms: { type: 'synonym', synonyms: ['a => b'] } } }, 'index'),
    ).toThrow(/equivalence/);
  });
});

describe('pattern_replace char filters (the shop splits words with them)', () => {
  const split = compileAnalyzer(
    {
      char_filter: {
        case_split: { type: 'pattern_replace', pattern: '(?<=\\p{Ll})(?=\\p{Lu})', replacement: ' ' },
        digit_split: { type: 'pattern_replace', pattern: '(?<=\\p{L})(?=\\p{N})|(?<=\\p{N})(?=\\p{L})', replacement: ' ' },
      },
      filter: { joined: { type: 'shingle', min_shingle_size: 2, max_shingle_size: 2, output_unigrams: true, token_separator: '' } },
      analyzer: {
        a: { type: 'custom', tokenizer: 'standard', char_filter: ['case_split', 'digit_split'], filter: ['lowercase', 'joined'] },
      },
    },
    'a',
  );

  it('splits at case changes and between letters and digits; shingles join the parts again', () => {
    expect(split.index('OnePlus 9')).toEqual(['one', 'plus', '9', 'oneplus', 'plus9']);
    expect(split.index('Note20')).toEqual(['note', '20', 'note20']);
    expect(split.query('galaxy')).toEqual([[['galaxy']]]);
  });
});
