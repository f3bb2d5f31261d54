// One contact message in the support inbox (support role, issue 29 item 6): who wrote, about what,
// the text and the attachments (downloads), who has it (assign to me or to a colleague), the earlier
// replies, the reply form — the reply is mailed to the seller in the message's language, through the
// outbox — and closing or reopening it. A refused reply keeps its text in the form.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { REPLY_MAX, type ContactMessage } from '../../contracts/support';
import { readStaffFailure } from '../services/failure';
import { messageQuery, staffKeys, supportUsersQuery } from '../services/queries';
import { assignMessage, attachmentPath, replyToMessage, setMessageState } from '../services/support';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { PATHS, tradePath } from './paths';
import { useMe, useStaffServices } from './staff-context';
import { contactStateText, countryText, mailStatusText, subjectText } from './texts';

/** A change of the message: its answer replaces the message, the inbox lists are stale. */
function useMessageChange<A>(reference: string, change: (argument: A) => Promise<ContactMessage>) {
  const { queryClient } = useStaffServices();
  return useMutation({
    mutationFn: change,
    onSuccess: (message) => {
      queryClient.setQueryData(staffKeys.message(reference), message);
      void queryClient.invalidateQueries({ queryKey: staffKeys.inbox, predicate: (query) => query.queryKey[2] === 'list' });
    },
  });
}

function Assignment({ message }: { message: ContactMessage }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const me = useMe();
  const id = useId();
  const users = useQuery(supportUsersQuery(client));
  const [chosen, setChosen] = useState('');
  const assign = useMessageChange(message.reference, (assignee: string | null) => assignMessage(client, message.reference, assignee));
  const mine = message.assignee?.id === me?.id;
  return (
    <section aria-labelledby={`${id}-heading`} className="assignment">
      <h2 id={`${id}-heading`}>{i18n._(msg`Assigned to`)}</h2>
      <p role="status">{message.assignee ? `${message.assignee.name} (${message.assignee.email})` : i18n._(msg`Nobody yet`)}</p>
      {assign.isError && <FailureNote failure={readStaffFailure(assign.error)} />}
      <div className="actions">
        {!mine && (
          <button type="button" disabled={assign.isPending} onClick={() => assign.mutate('me')}>
            {i18n._(msg`Assign to me`)}
          </button>
        )}
        {message.assignee && (
          <button type="button" className="secondary" disabled={assign.isPending} onClick={() => assign.mutate(null)}>
            {i18n._(msg`Unassign`)}
          </button>
        )}
      </div>
      {users.isError && <FailureNote failure={readStaffFailure(users.error)} onRetry={() => void users.refetch()} />}
      {users.isSuccess && (
        <form
          className="filters"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) assign.mutate(chosen);
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-user`}>{i18n._(msg`Assign to a colleague`)}</label>
            <select id={`${id}-user`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">{i18n._(msg`Choose a support user`)}</option>
              {users.data
                .filter((user) => user.id !== message.assignee?.id)
                .map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.name} ({user.email})
                  </option>
                ))}
            </select>
          </div>
          <button type="submit" disabled={!chosen || assign.isPending}>
            {i18n._(msg`Assign`)}
          </button>
        </form>
      )}
    </section>
  );
}

function ReplyForm({ message }: { message: ContactMessage }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const id = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reply = useMessageChange(message.reference, (text: string) => replyToMessage(client, message.reference, text));
  const language = countryText(i18n, message.locale);
  return (
    <form
      className="reply-form"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = body.trim();
        if (text === '') {
          setProblem(i18n._(msg`Write the reply first.`));
          event.currentTarget.querySelector('textarea')?.focus();
          return;
        }
        setProblem(null);
        // The text stays in the form until the reply is stored and mailed.
        reply.mutate(text, { onSuccess: () => setBody('') });
      }}
    >
      <h2 id={`${id}-heading`}>{i18n._(msg`Reply`)}</h2>
      <div className="field">
        <label htmlFor={`${id}-body`}>{i18n._(msg`Your answer to ${message.name}`)}</label>
        <p id={`${id}-hint`} className="hint">
          {i18n._(
            msg`Mailed to ${message.email} in the language of the shop (${language}), with a greeting, the signature and the quoted message; the subject names ${message.reference}.`,
          )}
        </p>
        <textarea
          id={`${id}-body`}
          rows={8}
          maxLength={REPLY_MAX}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${id}-hint`, problem ? `${id}-problem` : null].filter(Boolean).join(' ')}
        />
        {problem && (
          <p id={`${id}-problem`} className="problem">
            {problem}
          </p>
        )}
      </div>
      {reply.isError && <FailureNote failure={readStaffFailure(reply.error)} />}
      {reply.isSuccess && body === '' && <p role="status">{i18n._(msg`The reply is in the outbox and goes out in a moment.`)}</p>}
      <button type="submit" disabled={reply.isPending}>
        {reply.isPending ? i18n._(msg`Sending…`) : i18n._(msg`Send the reply`)}
      </button>
    </form>
  );
}

function StateButton({ message }: { message: ContactMessage }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const change = useMessageChange(message.reference, (state: 'open' | 'closed') => setMessageState(client, message.reference, state));
  const open = message.state === 'open';
  return (
    <div className="actions">
      {change.isError && <FailureNote failure={readStaffFailure(change.error)} />}
      <button
        type="button"
        className={open ? 'secondary' : undefined}
        disabled={change.isPending}
        onClick={() => change.mutate(open ? 'closed' : 'open')}
      >
        {open ? i18n._(msg`Close the message`) : i18n._(msg`Reopen the message`)}
      </button>
    </div>
  );
}

export function MessageScreen({ reference }: { reference: string }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const format = useFormat();
  const message = useQuery(messageQuery(client, reference));
  useDocumentTitle(reference);
  const back = (
    <p>
      <Link to={PATHS.inbox}>{i18n._(msg`All messages`)}</Link>
    </p>
  );
  if (message.isPending) return <Loading />;
  if (message.isError)
    return (
      <div className="message">
        {back}
        <FailureNote failure={readStaffFailure(message.error)} onRetry={() => void message.refetch()} />
      </div>
    );
  const m = message.data;
  return (
    <div className="message">
      {back}
      <PageHeading>{i18n._(msg`Message ${m.reference}`)}</PageHeading>
      <dl className="facts">
        <dt>{i18n._(msg`State`)}</dt>
        <dd>
          <span className={`badge contact-${m.state}`}>{contactStateText(i18n, m.state)}</span>
          {m.closedAt && <span className="hint"> {i18n._(msg`closed ${format.dateTime(m.closedAt)} by ${m.closedBy ?? '—'}`)}</span>}
        </dd>
        <dt>{i18n._(msg`From`)}</dt>
        <dd>
          {m.name} &lt;{m.email}&gt;
        </dd>
        <dt>{i18n._(msg`Subject`)}</dt>
        <dd>
          {subjectText(i18n, m.subject)}
          {m.business && <span className="hint"> {i18n._(msg`(business)`)}</span>}
        </dd>
        <dt>{i18n._(msg`Country`)}</dt>
        <dd>{countryText(i18n, m.locale)}</dd>
        <dt>{i18n._(msg`Received`)}</dt>
        <dd>{format.dateTime(m.createdAt)}</dd>
        {m.tradeNumber && (
          <>
            <dt>{i18n._(msg`Trade`)}</dt>
            <dd>
              <Link to={tradePath(m.tradeNumber)}>{m.tradeNumber}</Link>
            </dd>
          </>
        )}
      </dl>
      <section aria-labelledby="message-text">
        <h2 id="message-text">{i18n._(msg`Message`)}</h2>
        <pre className="message-text">{m.message}</pre>
        {m.attachmentFiles.length > 0 && (
          <>
            <h3>{i18n._(msg`Attachments`)}</h3>
            <ul className="plain">
              {m.attachmentFiles.map((file) => (
                <li key={file.position}>
                  <a href={attachmentPath(m.reference, file.position)} download={file.filename}>
                    {file.filename}
                  </a>{' '}
                  <span className="hint">{i18n._(msg`${Math.max(1, Math.round(file.size / 1024))} KB`)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <Assignment message={m} />
      <section aria-labelledby="replies-heading">
        <h2 id="replies-heading">{i18n._(msg`Earlier replies`)}</h2>
        {m.replyList.length === 0 ? (
          <p>{i18n._(msg`No reply yet.`)}</p>
        ) : (
          <ol className="plain replies">
            {m.replyList.map((reply) => (
              <li key={reply.id}>
                <p className="hint">
                  {i18n._(msg`${reply.staffName}, ${format.dateTime(reply.createdAt)}`)} · {mailStatusText(i18n, reply.mailStatus)}
                </p>
                <pre className="message-text">{reply.body}</pre>
              </li>
            ))}
          </ol>
        )}
      </section>
      {m.state === 'open' ? <ReplyForm message={m} /> : <p className="hint">{i18n._(msg`This message is closed. Reopen it to reply.`)}</p>}
      <StateButton message={m} />
    </div>
  );
}
