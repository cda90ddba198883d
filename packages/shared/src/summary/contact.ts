import { CALL_CENTRE_NUMBER, type OrganizationKey } from '../index';

export interface PdfContact {
  phone: string;
  email: string;
}

/**
 * SPEC §2/§6: the PDF footer with the contact phone and the support e-mail appears only for the
 * head office. The phone is the group's call centre, as in the portal's header; the e-mail is
 * invented for this project (SPEC does not print it).
 */
export const PDF_CONTACT_BY_ORGANIZATION: Partial<Record<OrganizationKey, PdfContact>> = {
  'head-office': { phone: CALL_CENTRE_NUMBER, email: 'soporte.denuncias@example.cl' },
};
