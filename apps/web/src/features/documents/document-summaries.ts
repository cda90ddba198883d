/**
 * One line under each document's title, keyed by its file name in `documents/catalog.ts`. A file
 * an organisation adds without a line here simply shows its title alone.
 */
export const DOCUMENT_SUMMARIES: Readonly<Record<string, string>> = {
  'guia-del-denunciante.pdf':
    'Cómo ingresar una denuncia, qué antecedentes aportar y cómo hacerle seguimiento.',
  'procedimiento-de-denuncia-e-investigacion.pdf':
    'Cómo se reciben, evalúan, investigan y resuelven las denuncias, y en qué plazos.',
  'estatutos-comite-de-etica.pdf':
    'Composición y funciones del comité que vela por la gestión íntegra del canal.',
  'extracto-reglamento-interno.pdf':
    'Capítulo sobre prevención, investigación y sanción del acoso y la violencia en el trabajo.',
  'ley-21643.pdf': 'Resumen de la ley sobre acoso laboral, acoso sexual y violencia en el trabajo.',
  'decreto-21.pdf': 'Resumen del reglamento que fija cómo se investigan estas denuncias.',
};
