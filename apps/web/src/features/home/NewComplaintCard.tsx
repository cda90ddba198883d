import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { loadTermsDialog, preload, TermsDialog } from './lazy-dialogs';
import { useLazyDialog } from './useLazyDialog';

/**
 * Left block of the home page (SPEC §2): the terms must be accepted, in their dialog, before
 * "Ingresar denuncia" leads to the new-complaint screen.
 */
export function NewComplaintCard() {
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const terms = useLazyDialog();
  const warmUp = () => preload(loadTermsDialog);

  return (
    <section aria-labelledby="ingresar-nueva-denuncia" className="flex flex-col gap-5 rounded-lg border border-gray-200 bg-white p-5 shadow-sm md:p-6">
      <h2 id="ingresar-nueva-denuncia" className="text-xl font-bold text-secondary md:text-2xl">
        Ingresar nueva denuncia
      </h2>
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
        // The checkbox only reflects the choice made in the dialog: a click opens it.
        onChange={terms.show}
        onPointerEnter={warmUp}
        onFocus={warmUp}
      />
      <div className="mt-auto">
        <Button className="w-full sm:w-auto" disabled={!accepted} onClick={() => navigate(paths.newComplaint())}>
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
    </section>
  );
}
