// Routing rules of new-complaint alerts (issue 11): who else is told of an organisation's new
// complaints, by category, and whom the case is assigned to. The back-office screen and the API
// validate with this one schema.
import { z } from 'zod';
import { ORGANIZATIONS } from '../organizations';

export const ALERT_RULE_MESSAGES = {
  organization: 'Debe elegir una organización válida.',
  category: 'La categoría elegida no es válida.',
  person: 'Debe elegir a la persona que recibe el aviso.',
  assign: 'Indique si la regla asigna el caso a la persona.',
} as const;

export const alertRuleInputSchema = z.object({
  organizacion: z
    .string({ error: ALERT_RULE_MESSAGES.organization })
    .toLowerCase()
    .refine((id) => ORGANIZATIONS.some((o) => o.id === id), {
      error: ALERT_RULE_MESSAGES.organization,
    }),
  /** null: every category of the organisation. */
  categoria_id: z
    .number({ error: ALERT_RULE_MESSAGES.category })
    .int({ error: ALERT_RULE_MESSAGES.category })
    .positive({ error: ALERT_RULE_MESSAGES.category })
    .nullable(),
  usuario_id: z
    .number({ error: ALERT_RULE_MESSAGES.person })
    .int({ error: ALERT_RULE_MESSAGES.person })
    .positive({ error: ALERT_RULE_MESSAGES.person }),
  asignar: z.boolean({ error: ALERT_RULE_MESSAGES.assign }),
});
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;
