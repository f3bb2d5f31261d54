// The questions and the offer of a product detail page. The first render (server and browser) shows
// the questions and records answers locally; the offer machine and its code (XState, the HTTP client)
// load with the first answer, or at once when this device's answers were kept from an earlier visit,
// and take over: they never count against the page's initial JavaScript.

import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type ComponentType } from 'react';
import type { ShopActor } from '../../machines/shop';
import type { Device } from '../../services/catalogue/entities';
import { offerStorageKey } from '../../services/storage-keys';
import { hasStored } from '../../services/stored';
import { useShopActor } from '../shop-actor';
import { AnsweringHint } from './answering-hint';
import { QuestionList } from './question-list';

type MachineFlow = ComponentType<{ device: Device; shop: ShopActor }>;

export function OfferFlow({ device }: { device: Device }) {
  const [answers, setAnswers] = useState<Readonly<Record<string, number>>>({});
  const [wanted, setWanted] = useState(false);
  const [Machine, setMachine] = useState<MachineFlow | null>(null);
  const { runtime, start, whenRunning } = useShopActor();

  // A flow of this device kept from an earlier visit (a reload, back/forward) loads the offer machine
  // at once; otherwise the first answer does, so an anonymous first visit loads none of its code.
  useEffect(() => {
    let active = true;
    void hasStored([offerStorageKey(device.id)]).then((stored) => {
      if (active && stored) setWanted(true);
    });
    return () => {
      active = false;
    };
  }, [device.id]);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    start();
    void import('./offer-machine-flow').then((module) => {
      if (active) setMachine(() => module.default);
    });
    return () => {
      active = false;
    };
  }, [wanted, start]);

  if (Machine && runtime) return <Machine device={device} shop={runtime.actor} />;
  return (
    <div className="offer-flow" data-loading="true">
      <QuestionList
        questions={device.questions}
        answers={answers}
        onChoose={(questionId, answerId) => {
          // Shown at once; the shop actor gets the answer as soon as it runs (answers keep their order).
          setAnswers((prev) => ({ ...prev, [questionId]: answerId }));
          setWanted(true);
          whenRunning((running) => running.actor.send({ type: 'shop.answer', device, questionId, answerId }));
        }}
      />
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
