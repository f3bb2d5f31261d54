// The form kit's one select (issue 32): the same box, border, arrow and focus ring wherever a list is
// chosen from — the field of a form (SelectField), a bulk list's line, the language switch. Without
// the browser's own look, which on some systems is unstyled and on others reads as disabled.

import type { SelectHTMLAttributes } from 'react';

export function Select({ className, ...select }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={className ? `select ${className}` : 'select'} {...select} />;
}
