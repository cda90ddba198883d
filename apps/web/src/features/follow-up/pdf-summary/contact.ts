import type { OrganizationKey } from '@canal/shared';

export interface PdfContact {
  phone: string;
  email: string;
}

/**
 * SPEC §2/§6: the PDF footer with the contact phone and the support e-mail appears only for the
 * head office. The values are invented for this project (SPEC does not print them).
 */
export const PDF_CONTACT_BY_ORGANIZATION: Partial<Record<OrganizationKey, PdfContact>> = {
  'head-office': { phone: '600 000 0000', email: 'soporte.denuncias@example.cl' },
};
