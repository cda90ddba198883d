import { paths } from '../../config/paths';

/**
 * Law 21.719's information duty where the form asks for personal data: the organisation's privacy
 * notice, in a new tab so that nothing typed is lost (the form is never saved on this device).
 */
export function PrivacyNoticeLink() {
  return (
    <p className="mt-1 text-sm text-gray-700">
      Quién trata sus datos, para qué, por cuánto tiempo y cuáles son sus derechos está en el{' '}
      <a
        href={paths.privacyNotice()}
        target="_blank"
        rel="noopener"
        className="font-semibold text-primary underline"
      >
        Aviso de privacidad
        <span className="sr-only"> (se abre en una pestaña nueva)</span>
      </a>
      .
    </p>
  );
}
