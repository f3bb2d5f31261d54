// Finding a trade (every role): by trade number, seller's e-mail address or name; the results link to
// the trade's page. The search text is the page's `q`, so a search can be linked and reloaded.

import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { tradeSearchQuery } from '../services/queries';
import { readStaffFailure } from '../services/failure';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { PATHS, tradePath } from './paths';
import { useStaffServices } from './staff-context';
import { statusText } from './texts';

export function TradeSearchScreen({ q }: { q: string }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const navigate = useNavigate();
  const format = useFormat();
  const inputId = useId();
  const search = useQuery(tradeSearchQuery(client, q));
  useDocumentTitle(msg`Trades`);
  const trades = search.data?.trades ?? [];
  const count = trades.length;
  return (
    <div className="trade-search">
      <PageHeading focus={q === ''}>{i18n._(msg`Trades`)}</PageHeading>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          void navigate({ to: PATHS.trades, search: value ? { q: value } : {} });
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{i18n._(msg`Trade number, seller’s e-mail address or name`)}</label>
          <input id={inputId} key={q} name="q" type="search" defaultValue={q} autoFocus={q !== ''} spellCheck={false} />
        </div>
        <button type="submit">{i18n._(msg`Search`)}</button>
      </form>
      {q !== '' && search.isPending && <Loading />}
      {search.isError && <FailureNote failure={readStaffFailure(search.error)} onRetry={() => void search.refetch()} />}
      {search.isSuccess && (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" role="status">
            {i18n._(msg`${plural(count, { one: '# trade found', other: '# trades found' })}`)}
          </h2>
          {count > 0 && (
            <table className="results">
              <thead>
                <tr>
                  <th scope="col">{i18n._(msg`Trade number`)}</th>
                  <th scope="col">{i18n._(msg`Status`)}</th>
                  <th scope="col">{i18n._(msg`Seller`)}</th>
                  <th scope="col">{i18n._(msg`Created`)}</th>
                  <th scope="col">{i18n._(msg`Devices`)}</th>
                  <th scope="col" className="number">
                    {i18n._(msg`Total`)}
                  </th>
                </tr>
              </thead>
              <tbody>
                {trades.map((trade) => (
                  <tr key={trade.tradeNumber}>
                    <th scope="row">
                      <Link to={tradePath(trade.tradeNumber)}>{trade.tradeNumber}</Link>
                    </th>
                    <td>{statusText(i18n, trade.status)}</td>
                    <td>{trade.sellerEmail ?? '—'}</td>
                    <td>{format.date(trade.createdAt)}</td>
                    <td>{trade.items}</td>
                    <td className="number">{format.money(trade.totalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
