// The HTML part of every mail, rendered by React: text and attributes are escaped by construction
// (there is no string concatenation of HTML anywhere in the mails), javascript: links are refused.

import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const BODY = { fontFamily: 'Arial,Helvetica,sans-serif', fontSize: 15, lineHeight: 1.5, color: '#1a1a1a' } as const;
const BUTTON = {
  display: 'inline-block',
  padding: '10px 16px',
  background: '#0b5cad',
  color: '#ffffff',
  textDecoration: 'none',
  borderRadius: 4,
} as const;

export const HEADING = { fontSize: 17 } as const;

/** A link shown as a button, in a paragraph of its own. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p>
      <a href={href} style={BUTTON}>
        {children}
      </a>
    </p>
  );
}

/** The mail's HTML document: `<!doctype html>`, language, title and the body's style. */
export function renderHtmlMail({ lang, title, children }: { lang: string; title: string; children: ReactNode }): string {
  const document = (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body style={BODY}>{children}</body>
    </html>
  );
  return `<!doctype html>\n${renderToStaticMarkup(document)}\n`;
}
