// The condition questions of a device as radio groups (one fieldset per question with its description).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { TYPED_ATTRIBUTE } from '../../contracts/page-assets';
import { takeTyped } from '../typed-before-hydration';
import { Trans } from '@lingui/react/macro';
import type { Question } from '../../services/catalogue/entities';
import './offer.css';

/**
 * The answer that last had the focus. The offer machine's flow replaces the first render's question
 * list after the first answer (offer-flow.tsx); the new list gives the focus back to that answer
 * instead of leaving it on the page's body.
 */
let focusedAnswer: string | null = null;
const answerKey = (questionId: number, answerId: number) => `${questionId}:${answerId}`;

export interface QuestionListProps {
  readonly questions: readonly Question[];
  /** Chosen answer id per question id. */
  readonly answers: Readonly<Record<string, number>>;
  readonly onChoose: (questionId: number, answerId: number) => void;
  /** Questions whose answer blocks the purchase, highlighted. */
  readonly blocking?: readonly number[];
  /** A price is being calculated: answers wait (the radios stay focusable, so the focus never drops to the page). */
  readonly busy?: boolean;
  /** Questions the seller has still to answer, highlighted (a posted form that missed some). */
  readonly missing?: readonly number[];
}

// A real form: without JavaScript it posts the answers to the page, which answers with the offer
// (server/offers/form.ts); with JavaScript the offer machine prices them and the form never posts.
export function QuestionList({ questions, answers, onChoose, blocking = [], busy = false, missing = [] }: QuestionListProps) {
  const { i18n } = useLingui();
  const answeredCount = questions.filter((q) => answers[String(q.id)] !== undefined).length;
  const form = useRef<HTMLFormElement>(null);
  // Answers chosen before the page's script ran (marked by its loader: src/ui/typed-before-hydration.ts)
  // are chosen now, on hydration only.
  const chooseTyped = useEffectEvent(onChoose);
  useEffect(() => {
    for (const radio of form.current?.querySelectorAll<HTMLInputElement>(`[${TYPED_ATTRIBUTE}=true]`) ?? []) {
      takeTyped(radio);
      chooseTyped(Number(radio.name.slice(2)), Number(radio.value));
    }
  }, []);
  // On mount (the list that replaces the first render's), the focus goes back to the answer that had it:
  // in a layout effect, so in the same task that removed the old list; a key pressed meanwhile would
  // otherwise land on the page's body (a Tab then goes to the top of the page, a Space is lost).
  useLayoutEffect(() => {
    if (focusedAnswer === null || (document.activeElement !== null && document.activeElement !== document.body)) return;
    form.current?.querySelector<HTMLInputElement>(`input[data-answer="${focusedAnswer}"]`)?.focus();
  }, []);
  return (
    <form
      ref={form}
      className="questions"
      method="post"
      // The answer page opens at the offer (below the questions on a phone).
      action="#offer-heading"
      onSubmit={(e) => e.preventDefault()}
      aria-describedby="offer-progress"
      aria-busy={busy}
    >
      {/* A polite live region: each answer announces how many are done. */}
      <p id="offer-progress" className="progress" role="status">
        {i18n._(msg`${answeredCount} of ${questions.length} questions answered`)}
      </p>
      {questions.map((question, index) => {
        const chosen = answers[String(question.id)];
        // The hint (how to judge the condition) is read with its question.
        const hintId = question.description ? `question-${question.id}-hint` : undefined;
        return (
          <fieldset
            key={question.id}
            className={blocking.includes(question.id) || missing.includes(question.id) ? 'question blocking' : 'question'}
            aria-describedby={hintId}
            data-code={question.code}
          >
            <legend>
              <span className="question-number">{index + 1}.</span> {question.question}
            </legend>
            {question.description && (
              <p id={hintId} className="question-description">
                {question.description}
              </p>
            )}
            {missing.includes(question.id) && (
              <p className="question-missing">
                <Trans>Please choose an answer.</Trans>
              </p>
            )}
            <div className="answers">
              {question.answers.map((answer) => (
                <label key={answer.id} className={chosen === answer.id ? 'answer chosen' : 'answer'}>
                  <input
                    type="radio"
                    name={`q-${question.id}`}
                    value={answer.id}
                    data-code={answer.code}
                    data-answer={answerKey(question.id, answer.id)}
                    onFocus={() => (focusedAnswer = answerKey(question.id, answer.id))}
                    // Focus that moves on to another element is the seller's choice; focus lost with a removed list is given back.
                    onBlur={(event) => {
                      if (event.relatedTarget !== null) focusedAnswer = null;
                    }}
                    checked={chosen === answer.id}
                    onChange={() => {
                      if (!busy) onChoose(question.id, answer.id);
                    }}
                  />
                  <span>{answer.text}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      {/* With JavaScript the offer is priced as the answers are chosen; without it this button asks the server. */}
      <noscript>
        <button type="submit" className="button primary">
          <Trans>Show my offer</Trans>
        </button>
      </noscript>
    </form>
  );
}
