import { useLingui } from '@lingui/react';
import { useParams } from '@tanstack/react-router';
import { contentPageForSlug } from '../../config/content';
import { CONTENT_TITLES } from '../../ui/content-titles';
import { useShop } from '../../ui/shop-context';
import { ScreenPage } from '../screen-page';

export default function ContentPage() {
  const { i18n } = useLingui();
  const { locale } = useShop();
  const { slug } = useParams({ strict: false }) as { slug?: string };
  // The route only matches known slugs (unknown ones are not found before this renders).
  const page = contentPageForSlug(locale, slug ?? '');
  return <ScreenPage screen="content" title={page ? i18n._(CONTENT_TITLES[page]) : undefined} />;
}
