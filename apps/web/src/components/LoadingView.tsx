import { Spinner } from './Spinner';

/** SPEC §2 loading view: a spinning icon and optionally "Cargando Información...". */
export function LoadingView({ withText = true }: { withText?: boolean }) {
  return <Spinner label="Cargando Información..." showLabel={withText} className="min-h-40" />;
}
