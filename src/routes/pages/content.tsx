import { useLingui } from '@lingui/react';
import { CONTENT_TITLES } from '../../ui/content-titles';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';
import '../../ui/content.css';

export default function ContentPage() {
  const { i18n } = useLingui();
  // The route only matches known slugs (unknown ones are not found before this renders).
  const { page, document } = usePageData('content');
  return (
    <ScreenPage screen="content" title={i18n._(CONTENT_TITLES[page])}>
      {/* Rendered from the repository's Markdown and sanitised on the server (docs/decisions/024). */}
      <div className="prose" data-content-page={page} dangerouslySetInnerHTML={{ __html: document.html }} />
    </ScreenPage>
  );
}
