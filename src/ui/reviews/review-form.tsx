// The review form of a paid trade (from the review request mail): 1 to 5 stars and a few words,
// checked by the contract in the browser and stored by POST /api/reviews, pending moderation.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { REVIEW_LIMITS } from '../../contracts/reviews';
import { reviewMachine, type ReviewValues } from '../../machines/review';
import { reviewActors } from '../../machines/review.actors';
import { useApiClient } from '../api-context';
import { TextAreaField } from '../form/choice-fields';
import { useFocusFirstError } from '../form/focus';
import { FormFailure, SAVE_FAILURE_TEXTS } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import '../form/form.css';
import './reviews.css';

const STARS = [1, 2, 3, 4, 5] as const;

export function ReviewForm({ tradeId, token, firstName }: { tradeId: string; token: string; firstName: string }) {
  const { i18n } = useLingui();
  const api = useApiClient();
  const machine = useMemo(() => reviewMachine.provide({ actors: reviewActors({ api, tradeId, token }) }), [api, tradeId, token]);
  const actor = useActorRef(machine, { input: { values: { stars: 0, text: '' } } });
  const state = useSelector(actor, (s) => s);
  const { values, errors, failure, refused } = state.context;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(errors);
  const saving = state.matches('saving');
  const starsError = errorOf('stars');
  const length = values.text.length;
  const max = REVIEW_LIMITS.text;

  if (state.matches('saved')) {
    return (
      <p className="form-saved" role="status">
        {i18n._(msg`Thank you, ${firstName}! We publish your review after a short check.`)}
      </p>
    );
  }

  const edit = (change: Partial<ReviewValues>, cleared: readonly string[]) =>
    actor.send({ type: 'form.edit', values: { ...values, ...change }, cleared });
  return (
    <form
      ref={form}
      className="review-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <p>
        {i18n._(
          msg`Hello ${firstName}, how was selling with us? Your first name and the initial of your last name appear with your review.`,
        )}
      </p>
      <fieldset
        className={starsError ? 'field star-rating invalid' : 'field star-rating'}
        aria-describedby={starsError ? 'review-stars-error' : undefined}
      >
        <legend>{i18n._(msg`Your rating`)}</legend>
        <div className="star-choices">
          {STARS.map((n) => (
            <label key={n} className="star-choice">
              <input
                type="radio"
                name="stars"
                value={n}
                checked={values.stars === n}
                aria-invalid={starsError ? true : undefined}
                onChange={() => edit({ stars: n }, ['stars'])}
              />
              <span aria-hidden="true">{'★'.repeat(n)}</span>
              <span className="visually-hidden">{i18n._(msg`${n} of 5 stars`)}</span>
            </label>
          ))}
        </div>
        {starsError && (
          <p id="review-stars-error" className="field-error">
            {starsError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        name="text"
        label={i18n._(msg`Your review`)}
        value={values.text}
        rows={5}
        maxLength={max}
        hint={i18n._(msg`${length} of ${max} characters`)}
        error={errorOf('text')}
        onValue={(text) => edit({ text }, ['text'])}
      />
      {failure?.kind !== 'fields' && <FormFailure failure={failure} texts={SAVE_FAILURE_TEXTS} />}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? i18n._(msg`Sending…`) : i18n._(msg`Publish review`)}
        </button>
      </div>
    </form>
  );
}
