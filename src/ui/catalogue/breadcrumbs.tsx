// Breadcrumbs of the catalogue pages (home › category › manufacturer › series › device).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';

export const HOME_CRUMB = msg`Home`;

export interface Crumb {
  readonly label: string;
  readonly to?: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { i18n } = useLingui();
  return (
    <nav className="breadcrumbs" aria-label={i18n._(msg`Breadcrumbs`)}>
      <ol>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`}>
            {item.to && index < items.length - 1 ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
