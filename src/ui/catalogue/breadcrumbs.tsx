// Breadcrumbs of the catalogue pages: home › category › brand › series › device, built by one
// function for every level, so a device page shows the same trail as its series page plus itself.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { Shop } from '../shop-context';
import './catalogue.css';

export const HOME_CRUMB = msg`Home`;

export interface Crumb {
  readonly label: string;
  readonly to?: string;
}

interface Level {
  readonly name: string;
  readonly url: string;
}

/** Where a catalogue page sits; the deepest level given is the current page (not linked). */
export interface CataloguePlace {
  readonly category: Level;
  readonly manufacturer?: Level;
  readonly series?: Level;
  readonly device?: { readonly name: string };
}

export function catalogueCrumbs(shop: Pick<Shop, 'path'>, homeLabel: string, place: CataloguePlace): Crumb[] {
  const crumbs: Crumb[] = [
    { label: homeLabel, to: shop.path('home') },
    { label: place.category.name, to: shop.path('sellCategory', { category: place.category.url }) },
  ];
  if (place.manufacturer)
    crumbs.push({ label: place.manufacturer.name, to: shop.path('productOverview', { overview: place.manufacturer.url }) });
  if (place.series) crumbs.push({ label: place.series.name, to: shop.path('productOverview', { overview: place.series.url }) });
  if (place.device) crumbs.push({ label: place.device.name });
  const last = crumbs[crumbs.length - 1]!;
  crumbs[crumbs.length - 1] = { label: last.label };
  return crumbs;
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

/** The trail of a catalogue page, from its place. */
export function CatalogueBreadcrumbs({ place, shop }: { place: CataloguePlace; shop: Pick<Shop, 'path'> }) {
  const { i18n } = useLingui();
  return <Breadcrumbs items={catalogueCrumbs(shop, i18n._(HOME_CRUMB), place)} />;
}
