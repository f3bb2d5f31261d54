import { useLingui } from '@lingui/react';
import { CONTENT_TITLES } from '../../ui/content-titles';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';

export default function ContentPage() {
  const { i18n } = useLingui();
  // The route only matches known slugs (unknown ones are not found before this renders).
  const { page } = usePageData('content');
  return <ScreenPage screen="content" title={i18n._(CONTENT_TITLES[page])} />;
}
