// The search result list (loaded on first use): TanStack Query caches the fuzzy search per text.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import type { Device } from '../../services/catalogue/entities';
import { catalogueApi, searchDevices } from '../../services/catalogue/search';
import { useApiOptions } from '../api-context';
import { useShop } from '../shop-context';
import { DevicePicture } from '../catalogue/device-picture';
import './search-results.css';
import '../catalogue/catalogue.css';

// No retry here: the API client applies product §9's retry rule to every call (POST /searches is not
// idempotent, so it is not retried); a retry on any error here would send a failing search twice more.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });

interface Props {
  readonly listId: string;
  readonly query: string;
  readonly active: number;
  /** The devices shown and the text they answer (stale results while typing report no devices). */
  readonly onResults: (devices: readonly Device[], forQuery: string) => void;
  readonly onPick: (device: Device) => void;
}

function Results({ listId, query, active, onResults, onPick }: Props) {
  const { i18n } = useLingui();
  const shop = useShop();
  const options = useApiOptions();
  const result = useQuery({
    queryKey: ['device-search', shop.locale, query],
    queryFn: () => searchDevices(catalogueApi(options, shop.locale), query, 8),
    placeholderData: keepPreviousData,
  });
  const devices = useMemo(() => result.data ?? [], [result.data]);
  const fresh = !result.isPlaceholderData;
  useEffect(() => onResults(fresh ? devices : [], query), [devices, fresh, query, onResults]);

  if (result.isError) {
    return (
      <div className="search-panel search-status" role="status">
        {i18n._(msg`Search is not available right now. Please try again.`)}
      </div>
    );
  }
  if (result.isPending) {
    return (
      <div className="search-panel search-status" role="status">
        {i18n._(msg`Searching…`)}
      </div>
    );
  }
  if (devices.length === 0) {
    return (
      <div className="search-panel search-empty" role="status">
        <p>
          <Trans>No device found for “{query}”.</Trans>
        </p>
        <p>
          <Link to={shop.path('contact')} search={{ subject: 'deviceNotListed', message: query }}>
            <Trans>Is your device not listed? Tell us about it.</Trans>
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ul id={listId} role="listbox" className="search-panel search-results" aria-label={i18n._(msg`Search results`)} aria-busy={!fresh}>
      {devices.map((device, index) => (
        <li
          key={device.id}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'active' : undefined}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(device)}
        >
          <DevicePicture src={device.thumbnail} name={device.name} size={32} besideName eager />
          <span>{device.name}</span>
          <small>{device.category}</small>
        </li>
      ))}
    </ul>
  );
}

export default function SearchResults(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <Results {...props} />
    </QueryClientProvider>
  );
}
