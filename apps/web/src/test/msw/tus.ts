import { RESUMABLE_UPLOADS_PATH } from '@canal/shared';
import { http, HttpResponse } from 'msw';

/** An upload as the tus handlers keep it: its declared length, its bytes so far, its metadata. */
export interface HeldUpload {
  length: number;
  bytes: Uint8Array[];
  metadata: string;
  headers: Record<string, string>;
}

const TUS = { 'Tus-Resumable': '1.0.0' };
const offsetOf = (upload: HeldUpload) => upload.bytes.reduce((sum, b) => sum + b.length, 0);

/** What the API answers a request whose session lapsed (the guard's 401). */
export const SESSION_LAPSED = 'Su sesión expiró. Ingrese nuevamente.';

const lapsed = () => HttpResponse.json({ message: SESSION_LAPSED }, { status: 401, headers: TUS });

/**
 * A tus endpoint answered by MSW, the portal's (decision 0055) unless `path` names another (a
 * case's in the back office, decision 0074): creation, HEAD and PATCH over uploads held in memory. `onPatch(n)` may hold the n-th PATCH a while, then
 * decides to drop the connection (`'network'`, or `{ keep }` after keeping that many bytes), to
 * refuse with a status, or (null) to keep it all. While `signedIn()` is false every request is
 * answered 401, as the route's guard answers a lapsed session (decision 0080).
 */
export function tusApi({
  onPatch = () => Promise.resolve(null),
  path = RESUMABLE_UPLOADS_PATH,
  signedIn = () => true,
}: {
  onPatch?: (n: number) => Promise<'network' | { keep: number } | number | null>;
  path?: string;
  signedIn?: () => boolean;
} = {}) {
  const uploads = new Map<string, HeldUpload>();
  const patches: { id: string; offset: number }[] = [];
  let next = 0;
  const handlers = [
    http.post(path, ({ request }) => {
      if (!signedIn()) return lapsed();
      const id = `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
      uploads.set(id, {
        length: Number(request.headers.get('upload-length')),
        bytes: [],
        metadata: request.headers.get('upload-metadata') ?? '',
        headers: Object.fromEntries(request.headers.entries()),
      });
      return new HttpResponse(null, {
        status: 201,
        headers: { ...TUS, Location: `${path}/${id}` },
      });
    }),
    http.head(`${path}/:id`, ({ params }) => {
      if (!signedIn()) return lapsed();
      const upload = uploads.get(String(params.id));
      if (!upload) return new HttpResponse(null, { status: 404, headers: TUS });
      return new HttpResponse(null, {
        status: 200,
        headers: {
          ...TUS,
          'Upload-Offset': String(offsetOf(upload)),
          'Upload-Length': String(upload.length),
          'Cache-Control': 'no-store',
        },
      });
    }),
    http.patch(`${path}/:id`, async ({ params, request }) => {
      if (!signedIn()) return lapsed();
      const id = String(params.id);
      const upload = uploads.get(id);
      if (!upload) return new HttpResponse(null, { status: 404, headers: TUS });
      const offset = Number(request.headers.get('upload-offset'));
      patches.push({ id, offset });
      const failure = await onPatch(patches.length);
      if (failure === 'network') return HttpResponse.error();
      if (typeof failure === 'object' && failure !== null) {
        // The connection drops after `keep` bytes arrived (the server keeps those).
        upload.bytes.push(new Uint8Array(await request.arrayBuffer()).slice(0, failure.keep));
        return HttpResponse.error();
      }
      if (failure !== null)
        return HttpResponse.json({ message: 'Rechazado.' }, { status: failure, headers: TUS });
      if (offset !== offsetOf(upload)) return new HttpResponse(null, { status: 409, headers: TUS });
      upload.bytes.push(new Uint8Array(await request.arrayBuffer()));
      return new HttpResponse(null, {
        status: 204,
        headers: { ...TUS, 'Upload-Offset': String(offsetOf(upload)) },
      });
    }),
  ];
  return {
    handlers,
    uploads,
    /** Every PATCH received: its upload and the offset it started at. */
    patches,
    /** The bytes an upload holds, as one text. */
    text: (id: string) =>
      new TextDecoder().decode(
        Uint8Array.from(uploads.get(id)!.bytes.flatMap((chunk) => [...chunk])),
      ),
  };
}
