import { MESSAGES } from '@canal/shared';
import { Section } from './Section';

/**
 * Where else the complainant may go (Law 21.643): the Dirección del Trabajo, and the police or the
 * prosecutor where a crime may be involved. The closing mail says it in the same words.
 */
export function RightsNotice() {
  return (
    <Section title="Otras instancias">
      <p>{MESSAGES.complainantRights}</p>
    </Section>
  );
}
