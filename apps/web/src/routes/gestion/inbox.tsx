import { InboxPage } from '../../features/back-office/InboxPage';

/** /gestion */
export function InboxRoute() {
  return <InboxPage />;
}
