import { ScreenPage } from '../screen-page';

export default function NewsletterUnsubscribeSuccessPage() {
  return <ScreenPage screen="newsletterUnsubscribeSuccess" />;
}
