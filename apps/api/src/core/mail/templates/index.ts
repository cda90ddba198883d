export type { MailBrand, MailMessage, RenderedMail } from './types';
export { renderMail } from './render';
