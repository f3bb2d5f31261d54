// The questions and the offer of a product detail page. The first render (server and browser) shows
// the questions and records answers locally; the offer machine and its code (XState, the HTTP client)
// load right after and take over, so they do not count against the page's initial JavaScript.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type ComponentType } from 'react';
import { formatPrice } from '../../i18n/format';
import type { Device } from '../../services/catalogue/entities';
import { useShop } from '../shop-context';
import { QuestionList } from './question-list';

type MachineFlow = ComponentType<{ device: Device; initialAnswers: Readonly<Record<string, number>> }>;

export function AnsweringHint({ basePrice }: { basePrice: number }) {
  const { i18n } = useLingui();
  const shop = useShop();
  return (
    <p>
      <Trans>Answer all questions to see your binding offer.</Trans>{' '}
      {i18n._(msg`Up to ${formatPrice(shop.locale, basePrice)} for a device like new.`)}
    </p>
  );
}

export function OfferFlow({ device }: { device: Device }) {
  const [answers, setAnswers] = useState<Readonly<Record<string, number>>>({});
  const [Machine, setMachine] = useState<MachineFlow | null>(null);

  useEffect(() => {
    let active = true;
    void import('./offer-machine-flow').then((module) => {
      if (active) setMachine(() => module.default);
    });
    return () => {
      active = false;
    };
  }, []);

  if (Machine) return <Machine device={device} initialAnswers={answers} />;
  return (
    <div className="offer-flow" data-loading="true">
      <QuestionList questions={device.questions} answers={answers} onChoose={(q, a) => setAnswers((prev) => ({ ...prev, [q]: a }))} />
      <aside className="offer-panel" aria-labelledby="offer-heading">
        <h2 id="offer-heading">
          <Trans>Your offer</Trans>
        </h2>
        <div aria-live="polite" className="offer-result">
          <AnsweringHint basePrice={device.basePrice} />
        </div>
      </aside>
    </div>
  );
}
