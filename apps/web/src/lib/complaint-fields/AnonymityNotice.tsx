import { MESSAGES, ofOrganization, type Organization } from '@canal/shared';

/**
 * Why a Law 21.643 complaint (types 26–28) cannot be anonymous, who will see the name, and where
 * else to go (issue 22): said where the anonymity checkbox is disabled, which it describes.
 */
export function AnonymityNotice({ id, organization }: { id: string; organization: Organization }) {
  return (
    <div id={id} className="mt-2 space-y-2 rounded-md bg-light p-3 text-sm">
      <p className="font-semibold">{MESSAGES.anonymityNotice}</p>
      <p>
        La ley exige identificar a la persona afectada para investigar los hechos y adoptar de
        inmediato medidas de resguardo que la protejan.
      </p>
      <p>
        Su nombre y sus datos de contacto solo los verá el equipo que investiga las denuncias{' '}
        {ofOrganization(organization.nameWithArticle)}.
      </p>
      <p>
        Si prefiere no identificarse ante la organización, puede presentar su denuncia directamente
        en la Dirección del Trabajo.
      </p>
    </div>
  );
}
