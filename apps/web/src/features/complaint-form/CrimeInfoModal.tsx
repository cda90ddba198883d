import type { Crime } from '@canal/shared';
import { Button } from '../../components/Button';
import { LazyModal } from '../../components/LazyModal';

/** Title, "Grupo:" (only when the type has one) and "Descripción:" of a complaint type (SPEC §2). */
export function CrimeInfoModal({ crime, onClose }: { crime: Crime | null; onClose: () => void }) {
  return (
    <LazyModal
      open={crime !== null}
      onClose={onClose}
      title={crime?.title ?? ''}
      footer={<Button onClick={onClose}>Entendido</Button>}
    >
      {crime && (
        <dl className="space-y-3">
          {crime.group && (
            <div>
              <dt className="font-semibold">Grupo:</dt>
              <dd>{crime.group}</dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">Descripción:</dt>
            <dd className="whitespace-pre-line">{crime.description}</dd>
          </div>
        </dl>
      )}
    </LazyModal>
  );
}
