// The HTML part of every mail, rendered by React: text and attributes are escaped by construction
// (there is no string concatenation of HTML anywhere in the mails), javascript: links are refused.

import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const BODY = {
  margin: 0,
  padding: 16,
  fontFamily: 'Arial,Helvetica,sans-serif',
  fontSize: 15,
  lineHeight: 1.5,
  color: '#1a1a1a',
  backgroundColor: '#ffffff',
} as const;
/** At most 600 px wide (what mail clients lay out well), the full width of a phone. */
const FRAME = { maxWidth: 600, margin: '0 auto' } as const;
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

/** The brand's name at the top of a letter, over a bar in the shop's colour. */
const HEADER = { margin: '0 0 20px', padding: '0 0 10px', borderBottom: '3px solid #0b5cad', fontSize: 20, fontWeight: 700 } as const;

/**
 * The mail's HTML document: `<!doctype html>`, language, title, a viewport for phones, and colours set
 * on the body itself (dark text on white, declared light-only), so a mail client's dark mode cannot
 * leave dark text on a dark background. `brand` heads the mail with the brand's name.
 */
export function renderHtmlMail({
  lang,
  title,
  brand,
  children,
}: {
  lang: string;
  title: string;
  brand?: string;
  children: ReactNode;
}): string {
  const document = (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
      </head>
      <body style={BODY}>
        <div style={FRAME}>
          {brand && <p style={HEADER}>{brand}</p>}
          {children}
        </div>
      </body>
    </html>
  );
  return `<!doctype html>\n${renderToStaticMarkup(document)}\n`;
}
