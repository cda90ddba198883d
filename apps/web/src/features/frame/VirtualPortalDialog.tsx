import { Modal } from '../../components/Modal';
import type { IngresaMenu } from '../../lib/brand/assets';
import { VIRTUAL_PORTAL } from '../../lib/brand/virtual-portal';

// Loaded on demand from IngresaDropdown: the dialog library is not part of the first load.
export default function VirtualPortalDialog({
  portal,
  onClose,
}: {
  portal: IngresaMenu['portal'];
  onClose: () => void;
}) {
  return (
    <Modal open onClose={onClose} title={portal.title}>
      <p>{VIRTUAL_PORTAL.intro}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {[VIRTUAL_PORTAL.workers, VIRTUAL_PORTAL.companies].map((entry) => (
          <li
            key={entry.url}
            className="flex flex-col rounded-md border border-gray-200 bg-light p-4"
          >
            <h3 className="font-bold text-secondary">{entry.label}</h3>
            <p className="mt-1 flex-1 text-sm">{entry.description}</p>
            <a
              href={entry.url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex min-h-11 items-center justify-center rounded-md bg-primary px-4 py-2 font-semibold text-white hover:bg-secondary"
            >
              Ir al {entry.label.toLowerCase()}
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
