// The condition questions of a device as radio groups (one fieldset per question with its description).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Question } from '../../services/catalogue/entities';

export interface QuestionListProps {
  readonly questions: readonly Question[];
  /** Chosen answer id per question id. */
  readonly answers: Readonly<Record<string, number>>;
  readonly onChoose: (questionId: number, answerId: number) => void;
  readonly disabled?: boolean;
  /** Questions whose answer blocks the purchase, highlighted. */
  readonly blocking?: readonly number[];
}

export function QuestionList({ questions, answers, onChoose, disabled = false, blocking = [] }: QuestionListProps) {
  const { i18n } = useLingui();
  const answeredCount = questions.filter((q) => answers[String(q.id)] !== undefined).length;
  return (
    <form className="questions" onSubmit={(e) => e.preventDefault()} aria-describedby="offer-progress">
      <p id="offer-progress" className="progress">
        {i18n._(msg`${answeredCount} of ${questions.length} questions answered`)}
      </p>
      {questions.map((question, index) => {
        const chosen = answers[String(question.id)];
        return (
          <fieldset
            key={question.id}
            className={blocking.includes(question.id) ? 'question blocking' : 'question'}
            disabled={disabled}
            data-code={question.code}
          >
            <legend>
              <span className="question-number">{index + 1}.</span> {question.question}
            </legend>
            {question.description && <p className="question-description">{question.description}</p>}
            <div className="answers">
              {question.answers.map((answer) => (
                <label key={answer.id} className={chosen === answer.id ? 'answer chosen' : 'answer'}>
                  <input
                    type="radio"
                    name={`q-${question.id}`}
                    value={answer.id}
                    data-code={answer.code}
                    checked={chosen === answer.id}
                    onChange={() => onChoose(question.id, answer.id)}
                  />
                  <span>{answer.text}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </form>
  );
}
