// The not-found page (product §2, §8): titled "Page Not Found", shows the path; the expired-link variant
// when the path mentions a clarification. Its page_view (page type 404) comes from the shop runtime.

import { Trans } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import { useShop } from '../ui/shop-context';
import { useHydratedMark } from './screen-page';

export const NOT_FOUND_TITLE = 'Page Not Found';

export function isExpiredLinkPath(path: string): boolean {
  return /clarification/i.test(path);
}

/** The query as people typed it ("?q=h%C3%BClle" → "?q=hülle"); a malformed escape stays as it is. */
function readableQuery(query: string): string {
  try {
    return decodeURIComponent(query);
  } catch {
    return query;
  }
}

export function NotFoundPage() {
  useHydratedMark();
  const shop = useShop();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const query = useRouterState({ select: (s) => s.location.searchStr });
  // The message names the full path, query included (product §2.5); the expired-link check reads the path.
  const path = `${pathname}${readableQuery(query)}`;
  const expired = isExpiredLinkPath(pathname);

  return (
    <section className="not-found" data-error={`${NOT_FOUND_TITLE}: ${path}`}>
      <title>{NOT_FOUND_TITLE}</title>
      {expired ? (
        <>
          <h1>
            <Trans id="ERRORPAGE_OOPS_EXPIRED_LINK">This link has expired</Trans>
          </h1>
          <p>
            <Trans id="ERRORPAGE_EXPIRED_LINK">
              The link you followed is no longer valid. If you still have questions about your trade, please contact us.
            </Trans>
          </p>
        </>
      ) : (
        <>
          <h1>
            <Trans id="ERRORPAGE_OOPS">Oops! We can't find this page</Trans>
          </h1>
          <p className="subtitle">
            <Trans id="ERRORPAGE_SUBTITLE">Error 404</Trans>
          </p>
          <p>
            <Trans id="ERRORPAGE_MSG">
              The page may have moved or no longer exists. Check the address or start again from the home page.
            </Trans>
          </p>
        </>
      )}
      <p className="not-found-path">
        <code>{path}</code>
      </p>
      <p className="actions">
        <Link to={shop.path('home')} className="button">
          <Trans>Go to the home page</Trans>
        </Link>{' '}
        <Link to={shop.path('contact')} className="button secondary">
          <Trans>Contact us</Trans>
        </Link>
      </p>
    </section>
  );
}
