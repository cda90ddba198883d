import { usePortalTabTitle } from '../lib/brand/use-tab-title';
import { ErrorMessage, useErrorText } from './ErrorPage';

/**
 * A path no page has: "404 - Not Found" in the brand's frame, and in the tab, as every portal page
 * has its own title (the server writes it too, decision 0078). Its own chunk, which the router
 * loads with the route: the first load of `/` carries no code for titles (decision 0035).
 */
export function NotFoundPage() {
  const text = useErrorText();
  usePortalTabTitle(text);
  return <ErrorMessage text={text} />;
}
