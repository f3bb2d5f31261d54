// /clarificationQuickAnswer/{id}/{trade}/{offerid} (and /clarification/clarificationQuickAnswer/…):
// the mail's quick-answer link accepts its one new offer in one click (once the page runs, or by the
// page's one-button form without JavaScript; decision 069), confirms it and offers to undo it. The
// route's loader loaded the clarification, so the server's HTML already shows the device.

import { QuickAnswerFlow } from '../../ui/clarification/clarification-view';
import { NotFoundPage } from '../not-found';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';

export default function QuickAnswerPage() {
  const link = usePageData('clarificationLink');
  return (
    <QuickAnswerFlow
      key={`${link.clarificationId}/${link.offerId}`}
      link={{ ...link, focusOfferId: link.offerId ?? '' }}
      expired={<NotFoundPage />}
      frame={(content) => <ScreenPage screen="quickAnswer">{content}</ScreenPage>}
    />
  );
}
