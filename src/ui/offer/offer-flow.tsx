// The questions and the offer of a product detail page. The first render (server and browser) shows
// the questions and records answers locally; the offer machine, its code (XState, the HTTP client) and texts
// load with the first answer, or at once when this device's answers were kept from an earlier visit,
// and take over: they never count against the page's initial JavaScript. A shared offer link loads
// them at once.

import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type ComponentType } from 'react';
import type { OfferFormOutcome } from '../../contracts/offers';
import type { ShopActor } from '../../machines/shop';
import type { Device } from '../../services/catalogue/entities';
import { offerStorageKey } from '../../services/storage-keys';
import { hasStored } from '../../services/stored';
import { useShopActor } from '../shop-actor';
import { useShop } from '../shop-context';
import { AnsweringHint } from './answering-hint';
import { PostedOffer } from './posted-offer';
import { QuestionList } from './question-list';
import './offer.css';

type MachineFlow = ComponentType<{ device: Device; shop: ShopActor; sharedToken?: string }>;

/**
 * `posted`: the outcome of the question form when the page answers its post (no JavaScript), else null.
 * `sharedToken`: the page was opened from a shared offer link (`?offer=`): its offer loads at once.
 */
export function OfferFlow({ device, posted, sharedToken }: { device: Device; posted: OfferFormOutcome | null; sharedToken?: string }) {
  const [answers, setAnswers] = useState<Readonly<Record<string, number>>>(posted?.answers ?? {});
  const [wanted, setWanted] = useState(false);
  const [Machine, setMachine] = useState<MachineFlow | null>(null);
  const { runtime, start, whenRunning } = useShopActor();
  const { i18n } = useLingui();
  const { locale } = useShop();

  // A flow of this device kept from an earlier visit (a reload, back/forward) loads the offer machine
  // at once; otherwise the first answer does, so an anonymous first visit loads none of its code.
  useEffect(() => {
    if (sharedToken !== undefined) {
      setWanted(true);
      return;
    }
    let active = true;
    void hasStored([offerStorageKey(device.id)]).then((stored) => {
      if (active && stored) setWanted(true);
    });
    return () => {
      active = false;
    };
  }, [device.id, sharedToken]);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    start();
    // Its texts are a catalog of their own (src/i18n/offer), loaded beside the code.
    void Promise.all([
      import('./offer-machine-flow'),
      import('../../i18n/offer-catalog').then((catalog) => catalog.withOfferMessages(i18n, locale)),
    ]).then(([module]) => {
      if (active) setMachine(() => module.default);
    });
    return () => {
      active = false;
    };
  }, [wanted, start, i18n, locale]);

  if (Machine && runtime) return <Machine device={device} shop={runtime.actor} {...(sharedToken !== undefined && { sharedToken })} />;
  const firstQuestions = (
    <QuestionList
      questions={device.questions}
      answers={answers}
      onChoose={(questionId, answerId) => {
        // Shown at once; the shop actor gets the answer as soon as it runs (answers keep their order).
        // Answers of a posted form on screen go with it (the machine ignores those it already has).
        const chosen: Record<string, number> = { ...answers, [questionId]: answerId };
        setAnswers(chosen);
        setWanted(true);
        whenRunning((running) => {
          for (const [question, answer] of Object.entries(chosen))
            running.actor.send({ type: 'shop.answer', device, questionId: Number(question), answerId: answer });
        });
      }}
      blocking={posted?.kind === 'blocked' ? posted.blockedBy.map((b) => b.questionId) : []}
      missing={
        posted?.kind === 'invalid' && posted.issue === 'required'
          ? device.questions.filter((q) => posted.answers[String(q.id)] === undefined).map((q) => q.id)
          : []
      }
    />
  );
  const firstPanel = (
    <aside className="offer-panel" aria-labelledby="offer-heading">
      <h2 id="offer-heading">
        <Trans>Your offer</Trans>
      </h2>
      <div aria-live="polite" className="offer-result">
        {posted ? <PostedOffer outcome={posted} /> : <AnsweringHint basePrice={device.basePrice} />}
      </div>
    </aside>
  );
  // A shared offer link shows its offer first (issue 32): the panel leads while the offer loads.
  return sharedToken !== undefined ? (
    <div className="offer-flow shared" data-loading="true">
      {firstPanel}
      {firstQuestions}
    </div>
  ) : (
    <div className="offer-flow" data-loading="true">
      {firstQuestions}
      {firstPanel}
    </div>
  );
}
