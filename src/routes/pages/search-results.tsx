// The search results page (issue 17): what the header box finds for ?q=, server-rendered so it works
// without JavaScript — devices with pictures and "up to" prices, category and brand filters with their
// counts, pages of 24; with no match the nearest device names and a way to tell us about the device.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { RESULTS_PAGE_SIZE } from '../../services/catalogue/search';
import { DeviceList } from '../../ui/catalogue/device-card';
import { useShop } from '../../ui/shop-context';
import type { ResultsSearch } from '../loaders';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';
import '../../ui/catalogue/catalogue.css';
import '../../ui/search/search-results.css';

/** The query string of a results link: only what is set. */
function searchOf(request: ResultsSearch, change: Partial<ResultsSearch>): Record<string, string> {
  const next = { ...request, page: 1, ...change };
  return Object.fromEntries(
    Object.entries({ q: next.q, category: next.category, brand: next.brand, page: next.page > 1 ? String(next.page) : undefined }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

export default function SearchResultsPage() {
  const { i18n } = useLingui();
  const shop = useShop();
  const data = usePageData('searchResults');
  const { request, total, devices, categories, brands, suggestions } = data;
  const path = shop.path('searchResults');
  const q = request.q;
  const pages = Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE));
  const categoryTitle = (url: string) => data.categoryCards.find((c) => c.url === url)?.title ?? url;
  const filtered = request.category !== undefined || request.brand !== undefined;

  return (
    <ScreenPage screen="searchResults">
      {/* Named by its label: the header's search form is the page's other search landmark. */}
      <form className="results-search" method="get" action={path} role="search" aria-labelledby="results-q-label">
        <label id="results-q-label" htmlFor="results-q">
          {i18n._(msg`Which device do you want to sell?`)}
        </label>
        <input id="results-q" type="search" name="q" defaultValue={q} autoComplete="off" />
        <button type="submit">{i18n._(msg`Search`)}</button>
      </form>
      {q.length < 2 ? (
        <p role="status">
          <Trans>Type at least two characters of the device you want to sell.</Trans>
        </p>
      ) : (
        total > 0 && (
          <p role="status" className="results-count">
            <Plural value={total} one={`# device for “${q}”`} other={`# devices for “${q}”`} />
          </p>
        )
      )}
      {(categories.length > 1 || brands.length > 1 || filtered) && (
        <nav className="results-filters" aria-label={i18n._(msg`Filter the results`)}>
          <FilterList
            title={i18n._(msg`Category`)}
            allLabel={i18n._(msg`All categories`)}
            allSearch={searchOf(request, { category: undefined })}
            selected={request.category}
            items={categories.map((c) => ({
              key: c.key,
              label: categoryTitle(c.key),
              count: c.count,
              search: searchOf(request, { category: c.key }),
            }))}
            path={path}
          />
          <FilterList
            title={i18n._(msg`Brand`)}
            allLabel={i18n._(msg`All brands`)}
            allSearch={searchOf(request, { brand: undefined })}
            selected={request.brand}
            items={brands.map((b) => ({ key: b.key, label: b.key, count: b.count, search: searchOf(request, { brand: b.key }) }))}
            path={path}
          />
        </nav>
      )}
      {devices.length > 0 && <DeviceList devices={devices} />}
      {q.length >= 2 && total === 0 && (
        <section className="results-empty" aria-labelledby="results-empty-title">
          <h2 id="results-empty-title">
            <Trans>No device found for “{q}”.</Trans>
          </h2>
          {suggestions.length > 0 && (
            <>
              <p>
                <Trans>Did you mean:</Trans>
              </p>
              <ul className="results-suggestions">
                {suggestions.map((word) => (
                  <li key={word}>
                    <Link to={path} search={{ q: word }}>
                      {word}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            <Link to={shop.path('contact')} search={{ subject: 'deviceNotListed', message: q }}>
              <Trans>Is your device not listed? Tell us about it.</Trans>
            </Link>
          </p>
        </section>
      )}
      {pages > 1 && (
        <nav className="results-pages" aria-label={i18n._(msg`Result pages`)}>
          {request.page > 1 && (
            <Link to={path} search={searchOf(request, { page: request.page - 1 })} rel="prev">
              <Trans>Previous page</Trans>
            </Link>
          )}
          <span>
            <Trans>
              Page {request.page} of {pages}
            </Trans>
          </span>
          {request.page < pages && (
            <Link to={path} search={searchOf(request, { page: request.page + 1 })} rel="next">
              <Trans>Next page</Trans>
            </Link>
          )}
        </nav>
      )}
    </ScreenPage>
  );
}

interface FilterItem {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly search: Record<string, string>;
}

function FilterList(props: {
  title: string;
  allLabel: string;
  allSearch: Record<string, string>;
  selected: string | undefined;
  items: readonly FilterItem[];
  path: string;
}) {
  return (
    <section className="results-filter">
      <h2>{props.title}</h2>
      <ul>
        <li>
          <Link to={props.path} search={props.allSearch} aria-current={props.selected === undefined ? 'true' : undefined}>
            {props.allLabel}
          </Link>
        </li>
        {props.items.map((item) => (
          <li key={item.key}>
            <Link to={props.path} search={item.search} aria-current={props.selected === item.key ? 'true' : undefined}>
              {item.label} <span className="results-filter-count">({item.count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
