import { Spinner } from './Spinner';

/** SPEC §2: the loading page shows "Cargando". */
export function LoadingPage() {
  return <Spinner label="Cargando" showLabel className="min-h-[50vh]" />;
}
