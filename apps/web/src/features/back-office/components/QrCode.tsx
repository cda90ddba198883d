import { useEffect, useState } from 'react';

/**
 * `value` as a QR code image (the TOTP enrolment's otpauth URI, a receipt's activation link); the
 * `qrcode` package is loaded only here, on demand. If it cannot be drawn, `fallback` says what to
 * do instead.
 */
export function QrCode({ value, alt, fallback }: { value: string; alt: string; fallback: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: 220 }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) return <p className="text-sm text-red-700">{fallback}</p>;
  if (!src)
    return (
      <div className="h-[220px] w-[220px] animate-pulse rounded bg-gray-200" aria-hidden="true" />
    );
  return (
    <img src={src} width={220} height={220} alt={alt} className="rounded border border-gray-300" />
  );
}
