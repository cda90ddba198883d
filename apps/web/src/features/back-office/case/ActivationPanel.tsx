import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { Checkbox } from '../../../components/form/Checkbox';
import { paths } from '../../../config/paths';
import { errorMessage } from '../api/call';
import { useReissueActivation } from '../api/intake';
import { FormAlert } from '../components/FormAlert';

/**
 * The way back of a person whose complaint staff recorded (decision 0075): lost receipt, expired
 * code, forgotten password and no e-mail. Staff first identify the person in person; the new
 * receipt (code, link, QR) opens to be printed, and every earlier code and link stops working.
 */
export function ActivationPanel({ caseId, anonymous }: { caseId: number; anonymous: boolean }) {
  const headingId = useId();
  const navigate = useNavigate();
  const reissue = useReissueActivation(caseId);
  const [identified, setIdentified] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!identified) {
      setError('Confirme que identificó en persona a quien presentó la denuncia.');
      return;
    }
    setError(undefined);
    reissue.mutate(undefined, {
      onSuccess: (receipt) => navigate(paths.staffIntakeReceipt(), { state: { receipt } }),
    });
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-bold text-secondary">
        Entregar una nueva activación
      </h3>
      <p>
        Para la persona que perdió su comprobante, dejó vencer el código o olvidó su contraseña y no
        tiene correo. Entréguela solo a quien presentó esta denuncia, después de identificarla en
        persona
        {anonymous
          ? ': la denuncia es anónima, así que pídale detalles que solo esa persona conoce (la fecha y forma en que la presentó, los hechos que relató).'
          : ' con su cédula de identidad, comparándola con los datos de la denuncia.'}
      </p>
      <p className="text-sm text-gray-700">
        Los códigos y enlaces anteriores dejan de funcionar de inmediato. Si la persona ya tenía
        contraseña, seguirá sirviendo hasta que use el nuevo código; entonces se cierran sus
        sesiones. La persona verá en su bitácora que se entregó una nueva activación, y queda en la
        auditoría.
      </p>
      <Checkbox
        label="Identifiqué en persona a quien presentó esta denuncia."
        checked={identified}
        onChange={(e) => setIdentified(e.target.checked)}
        error={error}
      />
      {reissue.isError && <FormAlert>{errorMessage(reissue.error)}</FormAlert>}
      <Button type="submit" disabled={reissue.isPending}>
        Entregar nueva activación
      </Button>
    </form>
  );
}
