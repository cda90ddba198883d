import { Modal } from '../../components/Modal';
import { DialogFooter } from '../../components/DialogFooter';
import { useHydrated } from '../../lib/use-hydrated';

/** SPEC §2 terms, first list: what the channel guarantees. */
const CONSIDERATIONS = [
  'Todas las denuncias ingresadas son evaluadas y reciben una respuesta.',
  'Este canal es confidencial: la información que entregue solo la conocen las personas encargadas de analizar e investigar su denuncia.',
  'Al finalizar el ingreso deberá crear una contraseña, y se generará automáticamente un código de denuncia. Con ambos podrá consultar el estado de su denuncia.',
];

/** SPEC §2 terms, second list: what the person filing commits to. */
const COMMITMENTS = [
  'Entregar información completa y veraz.',
  'Denunciar solo situaciones reales.',
  'Utilizar un lenguaje respetuoso.',
  'Redactar de forma clara y correcta.',
  'No suplantar la identidad de otra persona.',
  'No incluir contenidos sobre los que no tenga derechos de uso.',
  'No incluir contenidos discriminatorios ni que inciten al odio.',
  'No incluir publicidad ni mensajes no solicitados (spam).',
];

export interface TermsDialogProps {
  open: boolean;
  onClose: () => void;
  onAccept: () => void;
  /**
   * Open as its page arrives (the new-complaint page opened directly): drawn in place, in the
   * server's HTML, and hydrated there (Modal's `inPlace`, decision 0078). Its buttons wait for the
   * page's code: pressed before it, they would do nothing.
   */
  inPlace?: boolean;
}

/** "Términos y condiciones": Aceptar ticks the checkbox and closes; Cancelar only closes. */
export function TermsDialog({ open, onClose, onAccept, inPlace = false }: TermsDialogProps) {
  const hydrated = useHydrated();
  return (
    <Modal
      inPlace={inPlace}
      open={open}
      onClose={onClose}
      title="Términos y condiciones"
      size="lg"
      footer={
        <DialogFooter
          onCancel={onClose}
          onConfirm={onAccept}
          label="Aceptar"
          busy={inPlace && !hydrated}
        />
      }
    >
      <div className="space-y-5">
        <section aria-labelledby="terminos-consideraciones">
          <h3 id="terminos-consideraciones" className="mb-2 font-bold">
            Consideraciones
          </h3>
          <ul className="list-disc space-y-1 pl-5">
            {CONSIDERATIONS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="terminos-compromisos">
          <h3 id="terminos-compromisos" className="mb-2 font-bold">
            Al usar este canal, usted se compromete a:
          </h3>
          <ul className="list-disc space-y-1 pl-5">
            {COMMITMENTS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      </div>
    </Modal>
  );
}
