// /clarificationQuickAnswer/{id}/{trade}/{offerid} (and /clarification/clarificationQuickAnswer/…):
// the one new offer of the mail's quick-answer link, accepted or declined in one tap and confirmed.

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
