import { CasePage } from '../../features/back-office/case/CasePage';

/** /gestion/casos/:id */
export function CaseRoute() {
  return <CasePage />;
}
