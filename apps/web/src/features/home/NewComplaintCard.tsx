import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { portalPaths as paths, TERMS_ACCEPTED } from '../../config/portal-paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Checkbox } from '../../components/form/Checkbox';
import { loadTermsDialog, preload, TermsDialog } from './lazy-dialogs';
import { useHydrated } from '../../lib/use-hydrated';
import { useLazyDialog } from './useLazyDialog';

/**
 * Left block of the home page (SPEC §2): the terms must be accepted, in their dialog, before
 * "Ingresar denuncia" leads to the new-complaint screen. `onWarmUp` starts loading what that
 * screen needs first, on the same intent that loads the terms (a pointer over the checkbox, or
 * the focus on it).
 */
export function NewComplaintCard({ onWarmUp }: { onWarmUp?: () => void }) {
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const terms = useLazyDialog();
  const warmUp = () => {
    preload(loadTermsDialog);
    onWarmUp?.();
  };
  // The server writes this block (decision 0078): the checkbox opens the terms only once the page's
  // code runs; before, the browser would tick it without them.
  const hydrated = useHydrated();

  return (
    <Card
      titleId="ingresar-nueva-denuncia"
      title="Ingresar nueva denuncia"
      className="flex flex-col gap-5"
    >
      <p>Puede ingresar su denuncia de forma identificada o anónima, en tres pasos:</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>Elija el tipo de denuncia.</li>
        <li>Describa los hechos y adjunte los antecedentes que tenga.</li>
        <li>Cree una contraseña: recibirá por correo el código para consultar su denuncia.</li>
      </ol>
      <p>Antes de comenzar, lea y acepte los términos y condiciones del canal.</p>
      <Checkbox
        label="He leído y acepto los términos y condiciones"
        checked={accepted}
        disabled={!hydrated}
        // The checkbox only reflects the choice made in the dialog: a click opens it.
        onChange={terms.show}
        onPointerEnter={warmUp}
        onFocus={warmUp}
      />
      <div className="mt-auto">
        <Button
          className="w-full sm:w-auto"
          disabled={!accepted}
          onClick={() => navigate(paths.newComplaint(), { state: TERMS_ACCEPTED })}
        >
          Ingresar denuncia
        </Button>
      </div>
      {terms.mounted && (
        <Suspense fallback={null}>
          <TermsDialog
            open={terms.open}
            onClose={terms.hide}
            onAccept={() => {
              setAccepted(true);
              terms.hide();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
