// The clarification screens (product §10–11): per device what was offered and what the inspection
// found (answer by answer, differences marked), the inspector's note, old and new price, the deadline
// with a countdown, and one decision per device (accept the new price; decline: sent back or
// recycled free), then a confirmation and the summary. The quick answer accepts its one device as
// soon as the page runs (a one-button form without JavaScript), confirms it, and offers to undo it
// while other devices of the trade still wait (decision 069); after an undo, one-tap accept/decline.
// The route's loader hands in the view it loaded (server rendering), so the first HTML is the page.
// The clarification machine owns the flow; this file selects and sends.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ClarificationItem, ClarificationKind, ClarificationView } from '../../contracts/clarifications';
import { formatDate, formatPrice } from '../../i18n/format';
import { clarificationMachine, itemsToAnswer, type Choice } from '../../machines/clarification';
import { clarificationActors, clarificationChanged, clarificationPersistence } from '../../machines/clarification.actors';
import { pageCoverageInspector } from '../../contracts/actor-coverage';
import { useAccount } from '../account/account-provider';
import { useApiClient } from '../api-context';
import { useFocusOnMount } from '../form/focus';
import { useShop } from '../shop-context';
import '../form/form.css';
import './clarification.css';

export interface ClarificationLink {
  readonly clarificationId: string;
  readonly tradeNumber: string;
  readonly token: string | null;
  /** The quick answer's new offer. */
  readonly focusOfferId?: string;
  /** The clarification the route's loader loaded; null: the flow loads it. */
  readonly view: ClarificationView | null;
}

/** The name and value of the quick answer's buttons in its form without JavaScript (read by the route's loader). */
const QUICK_FORM_FIELD = 'quickAnswer';

type Option = 'accept' | 'return' | 'recycle';

const optionOf = (choice: Choice | undefined): Option | undefined =>
  choice === undefined ? undefined : choice.decision === 'accept' ? 'accept' : choice.declineMode;

const KIND_LABELS: Record<ClarificationKind, MessageDescriptor> = {
  lower_price: msg`Worse condition than described: new price`,
  recycling: msg`Can only be recycled`,
  blocked: msg`Cannot be bought as it is (e.g. activation lock on)`,
};

const euros = (cents: number) => cents / 100;

/** A clarification path with the link's token (a full page load: the flow starts afresh). */
const linkTo = (path: string, token: string | null) => (token === null ? path : `${path}?token=${encodeURIComponent(token)}`);

function useClarificationActor(link: ClarificationLink) {
  const api = useApiClient();
  const { getAccessToken } = useAccount();
  const queryClient = useRouter().options.context.queryClient;
  const machine = useMemo(() => {
    // The account's trade history, if this page's cache holds it, is stale once an answer or an undo went through.
    const onChanged = () =>
      void queryClient.current?.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'account' && query.queryKey[2] === 'tradeHistory',
      });
    return clarificationMachine.provide({
      actors: clarificationActors({ api, accessToken: getAccessToken }),
      actions: { ...clarificationPersistence, ...clarificationChanged({ onChanged }) },
    });
  }, [api, getAccessToken, queryClient]);
  return useActorRef(machine, {
    input: {
      clarificationId: link.clarificationId,
      tradeNumber: link.tradeNumber,
      token: link.token,
      focusOfferId: link.focusOfferId ?? null,
      view: link.view,
    },
    inspect: pageCoverageInspector(),
  });
}

type ClarificationActor = ReturnType<typeof useClarificationActor>;

/** Whole days and hours until `deadline`, refreshed every minute (null on the server: no clock in SSR output). */
function useRemaining(deadline: string): { days: number; hours: number } | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const ms = Math.max(0, Date.parse(deadline) - now);
  return { days: Math.floor(ms / 86_400_000), hours: Math.floor((ms % 86_400_000) / 3_600_000) };
}

function Deadline({ deadline }: { deadline: string }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const remaining = useRemaining(deadline);
  const date = formatDate(shop.locale, deadline);
  const days = remaining?.days ?? 0;
  const hours = remaining?.hours ?? 0;
  return (
    <p className="clarification-deadline" data-deadline={deadline}>
      <strong>{i18n._(msg`Please answer by ${date}.`)}</strong>{' '}
      {remaining && <span className="clarification-countdown">{i18n._(msg`${days} days and ${hours} hours left.`)}</span>}{' '}
      <span>
        {i18n._(
          msg`Without an answer by then, we pay a lower price for a device that still has one, and send back a device we could only recycle.`,
        )}
      </span>
    </p>
  );
}

function Heading({ children, state }: { children: ReactNode; state: string }) {
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h2 tabIndex={-1} ref={focus} data-clarification={state}>
      {children}
    </h2>
  );
}

function AnswerRows({ answers }: { answers: ClarificationItem['answers'] }) {
  const { i18n } = useLingui();
  const offeredLabel = i18n._(msg`Your answer`);
  const foundLabel = i18n._(msg`What we found`);
  return (
    <>
      <thead>
        <tr>
          <th scope="col">{i18n._(msg`Question`)}</th>
          <th scope="col">{offeredLabel}</th>
          <th scope="col">{foundLabel}</th>
        </tr>
      </thead>
      <tbody>
        {answers.map((a) => (
          <tr key={a.questionId} className={a.differs ? 'differs' : undefined} data-differs={a.differs || undefined}>
            <th scope="row">{a.question}</th>
            <td data-label={offeredLabel}>{a.offered}</td>
            <td data-label={foundLabel}>
              {a.differs ? (
                <>
                  <mark>{a.found}</mark>
                  <span className="visually-hidden"> {i18n._(msg`(differs from your answer)`)}</span>
                </>
              ) : (
                a.found
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

/** The answers that differ first; those found as described folded away (long on a phone). */
function Comparison({ item }: { item: ClarificationItem }) {
  const { i18n } = useLingui();
  const differing = item.answers.filter((a) => a.differs);
  const same = item.answers.filter((a) => !a.differs);
  const count = same.length;
  return (
    <>
      <table className="clarification-answers">
        <caption className="visually-hidden">{i18n._(msg`Your answers and what we found`)}</caption>
        <AnswerRows answers={differing} />
      </table>
      {count > 0 && (
        <details className="clarification-same">
          <summary>{i18n._(msg`${count} more answers as you described them`)}</summary>
          <table className="clarification-answers">
            <AnswerRows answers={same} />
          </table>
        </details>
      )}
    </>
  );
}

function Prices({ item }: { item: ClarificationItem }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const offered = formatPrice(shop.locale, euros(item.offeredPriceCents));
  const now = formatPrice(shop.locale, euros(item.newPriceCents));
  return (
    <p className="clarification-prices">
      <span className="old-price">
        {i18n._(msg`Offered:`)} <del>{offered}</del>
      </span>{' '}
      <span className="new-price">
        {i18n._(msg`New offer:`)} <strong data-new-price>{now}</strong>
      </span>
    </p>
  );
}

function ItemCard({
  item,
  choice,
  actor,
  editable,
}: {
  item: ClarificationItem;
  choice: Choice | undefined;
  actor: ClarificationActor;
  editable: boolean;
}) {
  const { i18n } = useLingui();
  const shop = useShop();
  const selected = optionOf(choice);
  const newPrice = formatPrice(shop.locale, euros(item.newPriceCents));
  const name = `decision-${item.clarificationId}`;
  const { deviceName } = item;
  const choose = (option: Option) => {
    if (option === 'recycle')
      actor.send({ type: 'clarification.chooseDeclineMode', clarificationId: item.clarificationId, declineMode: 'recycle' });
    else if (option === 'return') {
      actor.send({ type: 'clarification.decide', clarificationId: item.clarificationId, decision: 'decline' });
      actor.send({ type: 'clarification.chooseDeclineMode', clarificationId: item.clarificationId, declineMode: 'return' });
    } else actor.send({ type: 'clarification.decide', clarificationId: item.clarificationId, decision: 'accept' });
  };
  const options: { value: Option; label: string; hint: string }[] = [
    {
      value: 'accept',
      label: i18n._(msg`Accept the new offer of ${newPrice}`),
      hint:
        item.newPriceCents > 0
          ? i18n._(msg`We pay ${newPrice} for this device together with the rest of your trade.`)
          : i18n._(msg`We recycle the device free of charge; you get no money for it.`),
    },
    {
      value: 'return',
      label: i18n._(msg`Decline and get the device back`),
      hint: i18n._(msg`We send the device back to you free of charge.`),
    },
    {
      value: 'recycle',
      label: i18n._(msg`Decline and let us recycle it`),
      hint: i18n._(msg`We recycle the device free of charge and delete its data; you get no money for it.`),
    },
  ];
  return (
    <article className="clarification-item" data-item={item.clarificationId} data-status={item.status} aria-labelledby={`${name}-title`}>
      <h3 id={`${name}-title`}>{item.deviceName}</h3>
      <p className="status-badge attention">{i18n._(KIND_LABELS[item.kind])}</p>
      <Prices item={item} />
      <Comparison item={item} />
      {item.note && (
        <figure className="clarification-note">
          <figcaption>{i18n._(msg`Our inspector's note`)}</figcaption>
          <blockquote>{item.note}</blockquote>
        </figure>
      )}
      <Photos item={item} />
      {editable && item.status === 'open' ? (
        <fieldset className="clarification-decision">
          <legend>{i18n._(msg`Your decision for ${deviceName}`)}</legend>
          {options.map((o) => (
            <label key={o.value} className={selected === o.value ? 'choice selected' : 'choice'}>
              <input type="radio" name={name} value={o.value} checked={selected === o.value} onChange={() => choose(o.value)} />
              <span className="choice-label">{o.label}</span>
              <span className="choice-hint">{o.hint}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        item.status !== 'open' && <AnsweredLine item={item} />
      )}
    </article>
  );
}

/** The inspection's evidence photos: each opens full size; the alt text says what and whose it is. */
function Photos({ item }: { item: ClarificationItem }) {
  const { i18n } = useLingui();
  const photos = item.photos ?? [];
  if (photos.length === 0) return null;
  const { deviceName } = item;
  const total = photos.length;
  return (
    <figure className="clarification-photos">
      <figcaption>{i18n._(msg`Photos from our inspection`)}</figcaption>
      <ul>
        {photos.map((photo, index) => {
          const number = index + 1;
          return (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img
                  src={photo.url}
                  alt={i18n._(msg`Photo ${number} of ${total}: your ${deviceName} as we found it at the inspection (opens full size)`)}
                  loading="lazy"
                  width={160}
                  height={120}
                  data-photo={photo.id}
                />
              </a>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** The answer given for `item`: its own paragraph, or (`inline`) a phrase in the summary's line (no paragraph in a paragraph: the server's HTML must hydrate). */
function AnsweredLine({ item, inline = false }: { item: ClarificationItem; inline?: boolean }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const price = formatPrice(shop.locale, euros(item.newPriceCents));
  const text =
    item.status === 'accepted'
      ? i18n._(msg`Accepted: we pay ${price} with the rest of your trade.`)
      : item.status === 'declined'
        ? item.declineMode === 'recycle'
          ? i18n._(msg`Declined: we recycle the device free of charge.`)
          : i18n._(msg`Declined: we send the device back to you free of charge. You get a mail with the tracking number.`)
        : i18n._(msg`Not answered yet.`);
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className="clarification-answered" data-answer={item.status}>
      {text}
    </Tag>
  );
}

function Totals({ view }: { view: ClarificationView }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const accepted = formatPrice(shop.locale, euros(view.totals.ifAcceptedCents));
  const declined = formatPrice(shop.locale, euros(view.totals.ifDeclinedCents));
  return (
    <dl className="clarification-totals">
      <dt>{i18n._(msg`Your payout if you accept every new offer`)}</dt>
      <dd>{accepted}</dd>
      <dt>{i18n._(msg`Your payout if you decline every new offer`)}</dt>
      <dd>{declined}</dd>
    </dl>
  );
}

function Summary({ view, choices }: { view: ClarificationView; choices: Readonly<Record<string, Choice>> }) {
  const { i18n } = useLingui();
  const shop = useShop();
  return (
    <ul className="clarification-summary">
      {itemsToAnswer({ view, focusOfferId: null })
        .filter((i) => choices[i.clarificationId])
        .map((i) => {
          const option = optionOf(choices[i.clarificationId]);
          const price = formatPrice(shop.locale, euros(i.newPriceCents));
          const text =
            option === 'accept'
              ? i18n._(msg`accept ${price}`)
              : option === 'recycle'
                ? i18n._(msg`decline, recycle free of charge`)
                : i18n._(msg`decline, send back free of charge`);
          return (
            <li key={i.clarificationId}>
              <strong>{i.deviceName}</strong>: {text}
            </li>
          );
        })}
    </ul>
  );
}

function Failure({ actor, kind, step }: { actor: ClarificationActor; kind: string | null; step: string | null }) {
  const { i18n } = useLingui();
  const shop = useShop();
  if (step === 'undo' && kind === 'conflict') {
    // The trade moved on between the answer and the undo (every device answered): the answer stands.
    return (
      <div className="clarification-outcome" role="alert" data-failure="conflict">
        <Heading state="failed">{i18n._(msg`Your answer can no longer be undone.`)}</Heading>
        <p>{i18n._(msg`Every device of your trade has been answered in the meantime, so your trade has moved on.`)}</p>
        <button type="button" className="button primary" onClick={() => actor.send({ type: 'clarification.retry' })}>
          {i18n._(msg`Show my answers`)}
        </button>
      </div>
    );
  }
  if (kind === 'sessionEnded' || kind === 'unauthorized') {
    // Opened from the account without the mail's token: only the trade's owner, logged in, may see it.
    return (
      <div className="clarification-outcome" role="alert">
        <Heading state="failed">{i18n._(msg`Please log in first.`)}</Heading>
        <p>{i18n._(msg`Log in to your account to answer, or open the link in our e-mail.`)}</p>
        <p className="form-actions">
          <Link to={shop.path('accountOverview')} className="button primary">
            {i18n._(msg`Log in`)}
          </Link>
          <button type="button" className="button secondary" onClick={() => actor.send({ type: 'clarification.retry' })}>
            {i18n._(msg`Try again`)}
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className="clarification-outcome" role="alert">
      <Heading state="failed">{i18n._(msg`That did not work.`)}</Heading>
      <p>
        {kind === 'rateLimited'
          ? i18n._(msg`There were too many attempts. Please wait a few minutes and try again.`)
          : i18n._(msg`The connection to our server failed. Your decisions are kept; please try again.`)}
      </p>
      <button type="button" className="button primary" onClick={() => actor.send({ type: 'clarification.retry' })}>
        {i18n._(msg`Try again`)}
      </button>
    </div>
  );
}

function Answered({ view, token, undo }: { view: ClarificationView; token: string | null; undo?: ReactNode }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const stillOpen = view.items.some((i) => i.status === 'open');
  const returning = view.items.some((i) => i.status === 'declined' && i.declineMode !== 'recycle');
  return (
    <div className="clarification-outcome">
      <Heading state="answered">{i18n._(msg`Thank you, we have your answer.`)}</Heading>
      {view.items.map((item) => (
        <p key={item.clarificationId}>
          <strong>{item.deviceName}</strong> — <AnsweredLine item={item} inline />
        </p>
      ))}
      {undo}
      <h3>{i18n._(msg`What happens next`)}</h3>
      <ul>
        <li>{i18n._(msg`Devices without a question and accepted devices are paid within a few working days.`)}</li>
        {returning && (
          <li>
            {i18n._(msg`Declined devices go back to the address of your trade; you get a mail when the parcel leaves.`)}{' '}
            {view.returnLabelPath && (
              <a href={view.returnLabelPath} download className="clarification-return-label" data-return-label>
                {i18n._(msg`Download the return label (PDF)`)}
              </a>
            )}
          </li>
        )}
        {stillOpen && <li>{i18n._(msg`Other devices of your trade still wait for your answer.`)}</li>}
      </ul>
      <p className="form-actions">
        {stillOpen && (
          <a
            href={linkTo(shop.path('clarification', { id: view.clarificationId, trade: view.tradeNumber }), token)}
            className="button primary"
          >
            {i18n._(msg`Answer the other devices`)}
          </a>
        )}
        <Link to={shop.path('accountOverview')} className="button secondary">
          {i18n._(msg`Go to my account`)}
        </Link>
      </p>
    </div>
  );
}

function Loading() {
  const { i18n } = useLingui();
  return (
    <p className="clarification-loading" role="status" data-clarification="loading">
      {i18n._(msg`Loading your trade…`)}
    </p>
  );
}

/** The whole clarification: every device in question, decisions, confirmation, summary. */
export interface FlowProps {
  /** The expired-link page, shown instead of the screen when the link is wrong or past its deadline. */
  readonly expired: ReactNode;
  /** The screen's frame (its heading) around everything else. */
  readonly frame: (content: ReactNode) => ReactNode;
}

export function ClarificationFlow({ link, expired, frame }: { link: ClarificationLink } & FlowProps) {
  const { i18n } = useLingui();
  const actor = useClarificationActor(link);
  const state = useSelector(actor, (s) => s);
  const { view, choices, failure, failedStep } = state.context;

  if (state.matches('expired')) return expired;
  if (state.matches('failed')) return frame(<Failure actor={actor} kind={failure} step={failedStep} />);
  if (state.matches('answered') && view) return frame(<Answered view={view} token={link.token} />);
  if (!view || state.matches('loading')) return frame(<Loading />);

  const reviewing = state.matches('reviewing');
  const { tradeNumber } = view;
  const ready = state.can({ type: 'clarification.confirm' });
  return frame(
    <div className="clarification" data-clarification={String(state.value)}>
      <p className="clarification-intro">
        {i18n._(
          msg`We inspected the devices of your trade ${tradeNumber}. Some are not in the condition described, so we make you a new offer for them. Please decide per device.`,
        )}
      </p>
      <Deadline deadline={view.deadline} />
      {view.items.map((item) => (
        <ItemCard key={item.clarificationId} item={item} choice={choices[item.clarificationId]} actor={actor} editable={reviewing} />
      ))}
      <Totals view={view} />
      {reviewing ? (
        <div className="form-actions">
          <button
            type="button"
            className="button primary"
            aria-disabled={!ready}
            onClick={() => actor.send({ type: 'clarification.confirm' })}
            aria-describedby={ready ? undefined : 'clarification-incomplete'}
          >
            {i18n._(msg`Check my answers`)}
          </button>
          {!ready && (
            <p id="clarification-incomplete" className="hint">
              {i18n._(msg`Choose what should happen with each device first.`)}
            </p>
          )}
        </div>
      ) : (
        <Confirm actor={actor} view={view} choices={choices} submitting={state.matches('submitting')} />
      )}
    </div>,
  );
}

function Confirm({
  actor,
  view,
  choices,
  submitting,
}: {
  actor: ClarificationActor;
  view: ClarificationView;
  choices: Readonly<Record<string, Choice>>;
  submitting: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <section className="clarification-confirm" aria-labelledby="clarification-confirm-title">
      <Heading state="confirming">
        <span id="clarification-confirm-title">{i18n._(msg`Your answers`)}</span>
      </Heading>
      <Summary view={view} choices={choices} />
      <p>{i18n._(msg`Once sent, your answers cannot be changed.`)}</p>
      <div className="form-actions">
        <button type="button" className="button primary" disabled={submitting} onClick={() => actor.send({ type: 'clarification.submit' })}>
          {submitting ? i18n._(msg`Sending…`) : i18n._(msg`Send my answers`)}
        </button>
        <button type="button" className="button secondary" disabled={submitting} onClick={() => actor.send({ type: 'clarification.back' })}>
          {i18n._(msg`Change`)}
        </button>
      </div>
    </section>
  );
}

/**
 * The quick answer (decision 069): the mail's link accepts the one new offer. The page shows the
 * device with one button while the machine sends the answer (the server's HTML: the button is a
 * form that records it without JavaScript), then the confirmation with an undo while other devices
 * of the trade still wait; after an undo, one tap to accept or decline and a confirmation.
 */
export function QuickAnswerFlow({ link, expired, frame }: { link: ClarificationLink & { focusOfferId: string } } & FlowProps) {
  const { i18n } = useLingui();
  const shop = useShop();
  const actor = useClarificationActor(link);
  const state = useSelector(actor, (s) => s);
  const { view, choices, failure, failedStep } = state.context;
  const full = linkTo(shop.path('clarification', { id: link.clarificationId, trade: link.tradeNumber }), link.token);
  const allDevices = (
    <p>
      <a href={full}>{i18n._(msg`See all devices and more choices`)}</a>
    </p>
  );

  if (state.matches('expired')) return expired;
  if (state.matches('failed')) return frame(<Failure actor={actor} kind={failure} step={failedStep} />);
  if ((state.matches('answered') || state.matches('undoing')) && view) {
    const undoing = state.matches('undoing');
    const canUndo = undoing || state.can({ type: 'clarification.undo' });
    const undo = canUndo && (
      // A form, so that the undo works without JavaScript too (the route's loader takes it back); with
      // JavaScript the machine does.
      <form
        method="post"
        className="quick-answer-undo"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'clarification.undo' });
        }}
      >
        <p>{i18n._(msg`Changed your mind? You can undo this answer while we wait for your answers about the other devices.`)}</p>
        <button type="submit" name={QUICK_FORM_FIELD} value="undo" className="button secondary big" disabled={undoing}>
          {undoing ? i18n._(msg`Undoing…`) : i18n._(msg`Undo my answer`)}
        </button>
      </form>
    );
    return frame(<Answered view={view} token={link.token} undo={undo} />);
  }
  if (!view || state.matches('loading')) return frame(<Loading />);
  const item = state.matches('deciding') ? view.items.find((i) => i.newOfferId === link.focusOfferId) : itemsToAnswer(state.context)[0];
  if (!item) return frame(<Loading />);
  const newPrice = formatPrice(shop.locale, euros(item.newPriceCents));

  if (state.matches('deciding')) {
    return frame(
      <div className="quick-answer" data-clarification="deciding">
        <ItemCard item={item} choice={choices[item.clarificationId]} actor={actor} editable={false} />
        {/* The machine is sending the answer; without JavaScript (the note hidden) the form's one button records it (the route's loader). */}
        <p className="loading-note quick-answer-deciding" role="status">
          {i18n._(msg`Accepting the new offer of ${newPrice}…`)}
        </p>
        <noscript>
          <form method="post" className="quick-answer-buttons">
            <button type="submit" name={QUICK_FORM_FIELD} value="accept" className="button primary big">
              {i18n._(msg`Accept ${newPrice}`)}
            </button>
          </form>
        </noscript>
        {allDevices}
      </div>,
    );
  }
  const tap = (decision: 'accept' | 'decline') => {
    actor.send({ type: 'clarification.decide', clarificationId: item.clarificationId, decision });
    actor.send({ type: 'clarification.confirm' });
  };
  return frame(
    <div className="quick-answer" data-clarification={String(state.value)}>
      <Deadline deadline={view.deadline} />
      <ItemCard item={item} choice={choices[item.clarificationId]} actor={actor} editable={false} />
      {state.matches('reviewing') ? (
        <div className="quick-answer-buttons">
          <button type="button" className="button primary big" onClick={() => tap('accept')}>
            {i18n._(msg`Accept ${newPrice}`)}
          </button>
          <button type="button" className="button secondary big" onClick={() => tap('decline')}>
            {i18n._(msg`Decline, send it back`)}
          </button>
        </div>
      ) : (
        <Confirm actor={actor} view={view} choices={choices} submitting={state.matches('submitting')} />
      )}
      {allDevices}
    </div>,
  );
}
