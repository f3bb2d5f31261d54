// Content Markdown becomes safe HTML: no script, no event handler, no javascript: link survives;
// headings get anchors; the description comes from the front matter.

import { describe, expect, it } from 'vitest';
import { anchorOf, countWords, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('drops scripts, event handlers, iframes and javascript: links', () => {
    const { html } = renderMarkdown(
      [
        '# Title',
        '',
        '<script>alert(1)</script>',
        '',
        '[click](javascript:alert(2)) and <a href="JaVaScRiPt:alert(3)">raw</a>',
        '',
        '<img src=x onerror="alert(4)"> <iframe src="https://evil.example"></iframe>',
        '',
        '[data](data:text/html;base64,PHNjcmlwdD4=) <p onclick="alert(5)" style="color:red">text</p>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|alert\(1\)|javascript:|onerror|onclick|<iframe|<img|data:text|style=/i);
    expect(html).toContain('click');
    expect(html).toContain('text');
  });

  it('keeps ordinary links, lists and emphasis', () => {
    const { html } = renderMarkdown('Read [the terms](/content/agb), mail [us](mailto:service@tradein.de).\n\n- **one**\n- *two*');
    expect(html).toContain('<a href="/content/agb">the terms</a>');
    expect(html).toContain('<a href="mailto:service@tradein.de">us</a>');
    expect(html).toContain('<li><strong>one</strong></li>');
  });

  it('gives every heading an anchor that links to itself, unique on the page, from h2 down', () => {
    const { html } = renderMarkdown('# Über uns\n\n## Daten löschen\n\n## Daten löschen\n\n### iPhone & iPad');
    expect(html).toContain('<h2 id="uber-uns"><a href="#uber-uns">Über uns</a></h2>');
    expect(html).toContain('<h2 id="daten-loschen"><a href="#daten-loschen">Daten löschen</a></h2>');
    expect(html).toContain('<h2 id="daten-loschen-2"><a href="#daten-loschen-2">');
    expect(html).toContain('<h3 id="iphone-ipad">');
    expect(html).not.toContain('<h1');
  });

  it('takes the meta description from the front matter, else from the text', () => {
    expect(renderMarkdown('---\ndescription: Sell safely.\n---\nBody text here.').description).toBe('Sell safely.');
    expect(renderMarkdown('---\ndescription: Sell safely.\n---\nBody text here.').html).not.toContain('description');
    expect(renderMarkdown('Body **text** here.').description).toBe('Body text here.');
  });

  it('counts words of the text, not of the markup', () => {
    expect(countWords('Hello, world — 42 times!')).toBe(4);
    expect(renderMarkdown('---\ndescription: a b c\n---\n## One two\n\nthree [four](https://x.example) five').words).toBe(5);
  });

  it('makes plain ASCII anchors', () => {
    expect(anchorOf('Élimination des données (Mac)')).toBe('elimination-des-donnees-mac');
    expect(anchorOf('Straße')).toBe('strasse');
    expect(anchorOf('!!!')).toBe('section');
  });
});
