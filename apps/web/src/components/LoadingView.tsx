import { Spinner } from './Spinner';

/**
 * SPEC §2 loading view: a spinning icon and optionally "Cargando Información...". `page` when it
 * stands for a whole page that is still loading: it then takes a screen's height, so the footer
 * stays below the fold and is not pushed down when the page arrives (issue 13: CLS 0.297 on
 * /ingresar-denuncia).
 */
export function LoadingView({
  withText = true,
  page = false,
}: {
  withText?: boolean;
  page?: boolean;
}) {
  return (
    <Spinner
      label="Cargando Información..."
      showLabel={withText}
      className={page ? 'min-h-screen' : 'min-h-40'}
    />
  );
}
