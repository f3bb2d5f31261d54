import { ScreenPage } from '../screen-page';

export default function NewsletterEnrichPage() {
  return <ScreenPage screen="newsletterEnrich" />;
}
