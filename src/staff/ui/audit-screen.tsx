// The audit log (admin, product §11.10): every staff action and ops CLI move, newest first, filtered by
// actor (e-mail address or `cli`), action and trade; older entries a page at a time. The filters are
// the page's search, so a filtered view can be linked.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import type { AuditFilter } from '../services/audit';
import { readStaffFailure } from '../services/failure';
import { auditQuery } from '../services/queries';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { PATHS, tradePath } from './paths';
import { useStaffServices } from './staff-context';

const FILTERS = ['actor', 'action', 'trade'] as const;

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

export function AuditScreen({ filter }: { filter: AuditFilter }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const navigate = useNavigate();
  const format = useFormat();
  const id = useId();
  const audit = useInfiniteQuery(auditQuery(client, filter));
  useDocumentTitle(msg`Audit log`);
  const labels = { actor: i18n._(msg`Actor (e-mail address or cli)`), action: i18n._(msg`Action`), trade: i18n._(msg`Trade number`) };
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="audit">
      <PageHeading>{i18n._(msg`Audit log`)}</PageHeading>
      <form
        role="search"
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const search = Object.fromEntries(
            FILTERS.flatMap((name) => (String(data.get(name) ?? '').trim() ? [[name, String(data.get(name)).trim()]] : [])),
          );
          void navigate({ to: PATHS.audit, search });
        }}
      >
        {FILTERS.map((name) => (
          <div className="field" key={`${name}-${filter[name]}`}>
            <label htmlFor={`${id}-${name}`}>{labels[name]}</label>
            <input id={`${id}-${name}`} name={name} defaultValue={filter[name]} spellCheck={false} />
          </div>
        ))}
        <div className="actions">
          <button type="submit">{i18n._(msg`Filter`)}</button>
          <Link to={PATHS.audit} className="button secondary">
            {i18n._(msg`Show all`)}
          </Link>
        </div>
      </form>
      {audit.isPending && <Loading />}
      {audit.isError && <FailureNote failure={readStaffFailure(audit.error)} onRetry={() => void audit.refetch()} />}
      {audit.isSuccess && (
        <>
          <table className="audit-log">
            <caption className="visually-hidden">{i18n._(msg`Audit log entries, newest first`)}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._(msg`Time`)}</th>
                <th scope="col">{i18n._(msg`Actor`)}</th>
                <th scope="col">{i18n._(msg`Action`)}</th>
                <th scope="col">{i18n._(msg`Trade`)}</th>
                <th scope="col">{i18n._(msg`Subject`)}</th>
                <th scope="col">{i18n._(msg`Change`)}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{format.dateTime(entry.at)}</td>
                  <td>{entry.actor}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>{entry.tradeNumber ? <Link to={tradePath(entry.tradeNumber)}>{entry.tradeNumber}</Link> : '—'}</td>
                  <td>{entry.subject ?? entry.customerId ?? '—'}</td>
                  <td>
                    {entry.before === null && entry.after === null ? (
                      '—'
                    ) : (
                      <details>
                        <summary>{i18n._(msg`Before and after`)}</summary>
                        <p>{i18n._(msg`Before:`)}</p>
                        <pre>{json(entry.before)}</pre>
                        <p>{i18n._(msg`After:`)}</p>
                        <pre>{json(entry.after)}</pre>
                      </details>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p role="status">{entries.length === 0 ? i18n._(msg`No entries.`) : ''}</p>
          {audit.hasNextPage && (
            <button type="button" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
              {audit.isFetchingNextPage ? i18n._(msg`Loading…`) : i18n._(msg`Show older entries`)}
            </button>
          )}
        </>
      )}
    </div>
  );
}
