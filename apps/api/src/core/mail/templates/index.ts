export type { MailBrand, MailKind, MailMessage, RenderedMail } from './types';
export { renderMail } from './render';
