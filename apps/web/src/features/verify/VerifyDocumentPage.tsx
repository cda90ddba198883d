import { useState, type ChangeEvent } from 'react';
import type { VerificationWire } from '@canal/shared/contract';
import { useApi } from '../../lib/api/ApiProvider';
import { useHydrated } from '../../lib/use-hydrated';

type State =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  | { step: 'done'; name: string; result: VerificationWire }
  | { step: 'failed'; name: string };

/**
 * "Verificar documento" (issue 20): a PDF summary or a dossier ZIP is checked in this browser
 * against the channel's published keys (decisions 0050–0052); the document is never uploaded.
 */
export function VerifyDocumentPage() {
  const api = useApi();
  const [state, setState] = useState<State>({ step: 'idle' });
  // The server writes this page (decision 0078): a file chosen before its code runs would never be
  // checked, so the field waits for it.
  const hydrated = useHydrated();

  async function check(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setState({ step: 'checking', name: file.name });
    try {
      const [bytes, keys, { verifyDocumentBytes }] = await Promise.all([
        file.arrayBuffer(),
        api.publicKeys(),
        import('@canal/shared/proof/document'),
      ]);
      const result = await verifyDocumentBytes(new Uint8Array(bytes), keys);
      setState({ step: 'done', name: file.name, result });
    } catch (error) {
      console.error('No se pudo verificar el documento', error);
      setState({ step: 'failed', name: file.name });
    }
  }

  return (
    <div className="space-y-6">
      <p>
        Seleccione un resumen PDF («Descargar pdf») o un expediente ZIP emitido por el canal para
        comprobar que es auténtico y que no fue modificado. El documento se revisa en este
        navegador: no se envía a ningún servidor.
      </p>
      <label className="block space-y-2">
        <span className="font-semibold">Documento (PDF o ZIP)</span>
        <input
          type="file"
          accept=".pdf,.zip,application/pdf,application/zip"
          onChange={(e) => void check(e)}
          disabled={!hydrated}
          className="block w-full text-sm"
        />
      </label>
      <div role="status" aria-live="polite">
        {state.step === 'checking' && <p>Verificando {state.name}…</p>}
        {state.step === 'failed' && (
          <p className="rounded border border-red-300 bg-red-50 p-4 text-red-800">
            No fue posible verificar {state.name}. Intente nuevamente.
          </p>
        )}
        {state.step === 'done' && <Verdict name={state.name} result={state.result} />}
      </div>
    </div>
  );
}

function Verdict({ name, result }: { name: string; result: VerificationWire }) {
  const ok = result.estado === 'autentico';
  return (
    <div
      className={`space-y-1 rounded border p-4 ${ok ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-800'}`}
    >
      <p className="text-sm">{name}</p>
      <p className="font-semibold">{result.mensaje}</p>
      {ok && result.codigo && <p className="text-sm">Código de verificación: {result.codigo}</p>}
    </div>
  );
}
