import { ScreenPage } from '../screen-page';

export default function NewsletterUnsubscribePage() {
  return <ScreenPage screen="newsletterUnsubscribe" />;
}
