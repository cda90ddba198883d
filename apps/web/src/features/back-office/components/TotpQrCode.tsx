import { useEffect, useState } from 'react';

/** The otpauth URI as a QR code image; the `qrcode` package is loaded only here, on demand. */
export function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 220 }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [uri]);
  if (failed)
    return (
      <p className="text-sm text-red-700">
        No pudimos dibujar el código QR; ingrese la clave manualmente.
      </p>
    );
  if (!src)
    return (
      <div className="h-[220px] w-[220px] animate-pulse rounded bg-gray-200" aria-hidden="true" />
    );
  return (
    <img
      src={src}
      width={220}
      height={220}
      alt="Código QR para agregar la cuenta a su aplicación de autenticación"
      className="rounded border border-gray-300"
    />
  );
}
