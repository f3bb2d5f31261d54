// The support inbox (support role, issue 29 item 6): the contact messages newest first, filtered by
// country, subject, state (open by default) and assignee, a page at a time; each opens its message
// screen. The filters are the page's search, so a filtered view can be linked and reloaded.

import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { CONTACT_SUBJECTS } from '../../config/contact';
import { LOCALES } from '../../config/locales';
import type { InboxQuery } from '../../contracts/support';
import { readStaffFailure } from '../services/failure';
import { inboxQuery } from '../services/queries';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { messagePath, PATHS } from './paths';
import { useStaffServices } from './staff-context';
import { contactStateText, countryText, subjectText } from './texts';

/** The inbox's filters as the URL keeps them: `state` all shows open and closed messages. */
export interface InboxFilter {
  readonly locale?: InboxQuery['locale'];
  readonly subject?: InboxQuery['subject'];
  readonly state?: 'open' | 'closed' | 'all';
  readonly assignee?: InboxQuery['assignee'];
  readonly page?: number;
}

/** The filter as the API takes it (open messages unless told otherwise). */
export function inboxRequest(filter: InboxFilter): InboxQuery {
  const state = filter.state ?? 'open';
  return {
    ...(filter.locale && { locale: filter.locale }),
    ...(filter.subject && { subject: filter.subject }),
    ...(state !== 'all' && { state }),
    ...(filter.assignee && { assignee: filter.assignee }),
    page: filter.page ?? 1,
  };
}

function Filters({ filter }: { filter: InboxFilter }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  // A changed filter shows its first page.
  const set = (name: keyof InboxFilter, value: string) => {
    const next: Record<string, string> = {};
    const entries: [string, unknown][] = Object.entries({ ...filter, page: undefined, [name]: value });
    for (const [key, current] of entries) if (current !== undefined && current !== '') next[key] = String(current);
    void navigate({ to: PATHS.inbox, search: next });
  };
  return (
    <form role="search" className="filters" aria-label={i18n._(msg`Filter the messages`)} onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-state`}>{i18n._(msg`State`)}</label>
        <select id={`${id}-state`} value={filter.state ?? 'open'} onChange={(event) => set('state', event.target.value)}>
          <option value="open">{contactStateText(i18n, 'open')}</option>
          <option value="closed">{contactStateText(i18n, 'closed')}</option>
          <option value="all">{i18n._(msg`Open and closed`)}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-assignee`}>{i18n._(msg`Assigned to`)}</label>
        <select id={`${id}-assignee`} value={filter.assignee ?? ''} onChange={(event) => set('assignee', event.target.value)}>
          <option value="">{i18n._(msg`Anyone or nobody`)}</option>
          <option value="me">{i18n._(msg`Me`)}</option>
          <option value="unassigned">{i18n._(msg`Nobody yet`)}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-locale`}>{i18n._(msg`Country`)}</label>
        <select id={`${id}-locale`} value={filter.locale ?? ''} onChange={(event) => set('locale', event.target.value)}>
          <option value="">{i18n._(msg`All countries`)}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {countryText(i18n, locale)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{i18n._(msg`Subject`)}</label>
        <select id={`${id}-subject`} value={filter.subject ?? ''} onChange={(event) => set('subject', event.target.value)}>
          <option value="">{i18n._(msg`All subjects`)}</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subjectText(i18n, subject)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

export function InboxScreen({ filter }: { filter: InboxFilter }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const format = useFormat();
  const request = inboxRequest(filter);
  const inbox = useQuery(inboxQuery(client, request));
  useDocumentTitle(msg`Inbox`);
  const page = filter.page ?? 1;
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;
  const total = inbox.data?.total ?? 0;
  const search = (to: number) => ({ ...filter, page: to === 1 ? undefined : to });
  return (
    <div className="inbox">
      <PageHeading>{i18n._(msg`Inbox`)}</PageHeading>
      <Filters filter={filter} />
      {inbox.isPending && <Loading />}
      {inbox.isError && <FailureNote failure={readStaffFailure(inbox.error)} onRetry={() => void inbox.refetch()} />}
      {inbox.isSuccess && (
        <section aria-labelledby="inbox-count">
          <h2 id="inbox-count" role="status">
            {i18n._(msg`${plural(total, { one: '# message', other: '# messages' })}`)}
          </h2>
          {inbox.data.messages.length === 0 ? (
            <p>{i18n._(msg`No messages match these filters.`)}</p>
          ) : (
            <div className="table-scroll">
              <table className="inbox-messages">
                <caption className="visually-hidden">{i18n._(msg`Contact messages, newest first`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{i18n._(msg`Reference`)}</th>
                    <th scope="col">{i18n._(msg`Received`)}</th>
                    <th scope="col">{i18n._(msg`From`)}</th>
                    <th scope="col">{i18n._(msg`Subject`)}</th>
                    <th scope="col">{i18n._(msg`Country`)}</th>
                    <th scope="col">{i18n._(msg`State`)}</th>
                    <th scope="col">{i18n._(msg`Assigned to`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {inbox.data.messages.map((entry) => (
                    <tr key={entry.reference}>
                      <th scope="row">
                        <Link className="nowrap" to={messagePath(entry.reference)}>
                          {entry.reference}
                        </Link>
                      </th>
                      <td>{format.dateTime(entry.createdAt)}</td>
                      <td>
                        {entry.name}
                        <br />
                        <span className="hint">{entry.email}</span>
                      </td>
                      <td>
                        {subjectText(i18n, entry.subject)}
                        {entry.attachments > 0 && (
                          <span className="hint">
                            {' '}
                            {i18n._(msg`${plural(entry.attachments, { one: '# attachment', other: '# attachments' })}`)}
                          </span>
                        )}
                      </td>
                      <td>{countryText(i18n, entry.locale)}</td>
                      <td>
                        <span className={`badge contact-${entry.state}`}>{contactStateText(i18n, entry.state)}</span>
                        {entry.replies > 0 && (
                          <span className="hint"> {i18n._(msg`${plural(entry.replies, { one: '# reply', other: '# replies' })}`)}</span>
                        )}
                      </td>
                      <td>{entry.assignee?.name ?? <span className="hint">{i18n._(msg`Nobody yet`)}</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav aria-label={i18n._(msg`Pages`)} className="tabs">
              {page > 1 && (
                <Link to={PATHS.inbox} search={search(page - 1)}>
                  {i18n._(msg`Newer messages`)}
                </Link>
              )}
              <span>{i18n._(msg`Page ${page} of ${pages}`)}</span>
              {page < pages && (
                <Link to={PATHS.inbox} search={search(page + 1)}>
                  {i18n._(msg`Older messages`)}
                </Link>
              )}
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
