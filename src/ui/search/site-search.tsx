// The header search (product §7 fuzzy device search): results as you type (debounced), typo tolerant,
// keyboard navigable as a combobox, with an empty state that leads to the contact page. The result
// list and its data code load on first use. It is a real GET form to the results page, so Enter works
// without JavaScript too; with JavaScript Enter opens the chosen suggestion, else the results page.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import type { Device } from '../../services/catalogue/entities';
import { SKIP_TARGETS } from '../layout/skip-links';
import { useShop } from '../shop-context';
import { useTypedBeforeHydration } from '../typed-before-hydration';

const SearchResults = lazy(() => import('./search-results'));

export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MIN_LENGTH = 2;

export function SiteSearch() {
  const { i18n } = useLingui();
  const shop = useShop();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The results on screen and the text they answer; keys act only on results of the current text. */
  const results = useRef<{ query: string; devices: readonly Device[] }>({ query: '', devices: [] });
  const current = () => (results.current.query === text.trim() ? results.current.devices : []);
  const root = useRef<HTMLFormElement>(null);
  // Words typed before the page's script ran (it loads after the first paint, decision 062) are taken
  // over when it hydrates, with their suggestions, not lost.
  const box = useTypedBeforeHydration<HTMLInputElement>((typed) => {
    setText(typed);
    if (document.activeElement === box.current) setOpen(true);
  });

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => setActive(-1), [query]);

  const showList = open && query.length >= SEARCH_MIN_LENGTH;
  const go = (device: Device) => {
    setOpen(false);
    setText('');
    // The router's navigation carries the words; the shop runtime emits search_submitted from it.
    void navigate({ to: shop.path('productDetail', { pdp: device.url }), state: { searchTerm: query } });
  };

  return (
    <form
      ref={root}
      className="site-search"
      role="search"
      method="get"
      action={shop.path('searchResults')}
      onSubmit={(event) => {
        event.preventDefault();
        const device = active >= 0 ? current()[active] : undefined;
        if (device) return go(device);
        setOpen(false);
        void navigate({ to: shop.path('searchResults'), search: { q: text.trim() } });
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label className="visually-hidden" htmlFor={SKIP_TARGETS.search}>
        {i18n._(msg`Search for your device`)}
      </label>
      <input
        ref={box}
        id={SKIP_TARGETS.search}
        type="search"
        name="q"
        autoComplete="off"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={i18n._(msg`Which device do you want to sell?`)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          const count = current().length;
          if (event.key === 'ArrowDown' && count > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % count);
          } else if (event.key === 'ArrowUp' && count > 0) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? count - 1 : i - 1));
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <button type="submit" className="site-search-submit" aria-label={i18n._(msg`Search`)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {showList && (
        <Suspense fallback={<div className="search-panel search-status">{i18n._(msg`Searching…`)}</div>}>
          <SearchResults
            listId={listId}
            query={query}
            active={active}
            onResults={(devices, forQuery) => {
              results.current = { query: forQuery, devices };
            }}
            onPick={go}
          />
        </Suspense>
      )}
    </form>
  );
}
