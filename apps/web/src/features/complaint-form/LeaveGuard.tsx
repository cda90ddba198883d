import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../components/Button';
import { LazyModal } from '../../components/LazyModal';

/**
 * Leaving a page with unsaved typing asks first (issue 12, decision 0016): the browser's own
 * "leave page?" prompt for a reload, a closed tab or another address, and this dialog for a link or
 * Back inside the portal. Moves that keep the pathname (the wizard's steps) are never blocked.
 */
export function LeaveGuard({ unsaved }: { unsaved: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  const open = blocker.state === 'blocked';
  return (
    <LazyModal
      open={open}
      onClose={() => blocker.reset?.()}
      title="¿Salir sin ingresar la denuncia?"
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.proceed?.()}>
            Salir y descartar
          </Button>
          <Button onClick={() => blocker.reset?.()}>Seguir con la denuncia</Button>
        </>
      }
    >
      <p>
        Lo que escribió aún no se ha guardado y se perderá si sale de esta página. Por su
        privacidad, no lo guardamos en este equipo.
      </p>
    </LazyModal>
  );
}
