/** Log entries the complainant writes: the portal writes them, the case page marks them read. */
export const AUTHOR_COMPLAINANT = 'Denunciante';
export const EVENT_COMMENT = 'Comentario del denunciante';
export const EVENT_UPLOAD = 'Antecedentes enviados por el denunciante';

/**
 * The complainant's messages to the team: what "the last message read by the team" is about
 * (decision 0022). Their request to replace the investigator is not one: administrators answer it.
 */
export const COMPLAINANT_MESSAGE_EVENTS = [EVENT_COMMENT, EVENT_UPLOAD] as const;
