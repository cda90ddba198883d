import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MAX_FILES_PER_REQUEST, RETALIATION_MESSAGES, uploadBitacoraSchema } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import type { ClientLimits } from '../../config';
import { bearerToken, ticketFrom } from '../guards';
import { parseOrThrow } from '../../http/validation';
import { route } from '../../http/route';
import { acceptMultipart, receiveMultipart } from '../../core/files/receive';
import { login } from './login';
import { fileComplaint, validateDenuncia } from './create-complaint';
import {
  complaintForSession,
  complaintOfSession,
  listAttachments,
  readComplaintDetail,
} from './read-complaint';
import { AppError } from '../../errors';
import type { FilingLimit, FilingPlace } from './filing-limit';
import type { SealedUploadStore } from '../../core/files/resumable';
import { requestReplacement } from './replacement-request';
import {
  fileWithPendingFiling,
  namedPendingFiling,
  openPendingFiling,
  type PendingFiling,
} from './pending-filing';
import { reportRetaliation } from './retaliation-report';
import { sealSummary } from './summary-seal';
import { answerTranscript, readTranscript } from './transcript';
import {
  addComplainantComment,
  addComplainantFiles,
  assertUploadAllowed,
  statusOf,
} from './follow-up';

/** A filing naming its pending filing sends its `denuncia` part before any file part. */
const DENUNCIA_PART_FIRST = 'La parte «denuncia» debe enviarse antes de los archivos.';

/** SPEC §7: the complainant's calls under /v1/denuncias. Thin: each hands over to one use case. */
export const complaintRoutes: FastifyPluginAsync<{
  limits: ClientLimits;
  filingLimit: FilingLimit;
  resumable: SealedUploadStore;
}> = async (app, { limits, filingLimit, resumable }) => {
  const { services, portal } = app;
  await acceptMultipart(app);
  /** The complaint named in the call, if it is the one the session opened (else 404). */
  const signedInComplaint = (request: FastifyRequest, id: unknown) =>
    complaintForSession(services, request.organization, ticketFrom(id), request.sessionComplaintId);

  // Only complaints filed count against the address (issue 21): the place taken before the
  // guards is kept when the filing commits and given back on any other outcome.
  const places = new WeakMap<FastifyRequest, FilingPlace>();
  app.addHook('onResponse', async (request) => {
    await places.get(request)?.release();
  });
  route(app, contract.createComplaint, {
    before: async (request) => {
      const place = await filingLimit.take(request.ip);
      places.set(request, place);
      request.botCheckLevel = place.level;
    },
    handler: async (request, reply) => {
      const org = request.organization;
      const place = places.get(request)!;
      try {
        let dataKey = services.keyring.newDataKey();
        // A filing naming its pending filing (decision 0074) adopts that filing's key: any file
        // part is sealed with it, so the `denuncia` part must come first.
        const named: { pending: PendingFiling | null } = { pending: null };
        let sealedAFile = false;
        const upload = await receiveMultipart(request, services.files, {
          jsonField: 'denuncia',
          key: () => {
            sealedAFile = true;
            return dataKey.key;
          },
          parseJson: async (raw) => {
            const payload = validateDenuncia(services, org, raw);
            if (payload.borrador === undefined) return payload;
            if (sealedAFile) throw new AppError('VALIDATION', DENUNCIA_PART_FIRST);
            named.pending = await namedPendingFiling(services, request, payload.borrador);
            dataKey = named.pending.dataKey;
            return payload;
          },
        });
        const created = named.pending
          ? await fileWithPendingFiling(services, resumable, org, upload, named.pending)
          : await fileComplaint(services, org, upload.json, dataKey, upload.files);
        place.keep();
        return reply.code(201).send(created);
      } catch (error) {
        await place.release();
        throw error;
      }
    },
  });

  // The filing form's files before the complaint exists (decision 0074): a pending filing.
  route(app, contract.openPendingFiling, {
    handler: async (request, reply) => {
      const opened = await openPendingFiling(
        services,
        request.organization,
        request.ip,
        filingLimit.max,
      );
      return reply.code(201).send(opened);
    },
  });

  route(app, contract.login, {
    config: { rateLimit: { max: limits.login, timeWindow: '15 minutes' } },
    handler: async (request) =>
      login(
        services,
        portal,
        request.organization,
        ticketFrom(request.body.ticket),
        request.body.password,
        (ticketKey) => request.log.info({ ticketKey }, 'ingreso de denunciante fallido'),
      ),
  });

  // Sign-out: the token dies server-side. Idempotent: an unknown, expired or already closed token
  // also answers 204 (nothing is left to close, and the answer tells nothing about the token);
  // a missing or malformed Authorization header answers 401 (its access, `bearer`).
  route(app, contract.complainantSignOut, {
    handler: async (request, reply) => {
      const token = bearerToken(request);
      if (token === null) throw new AppError('UNAUTHORIZED');
      await portal.sessions.close(token);
      return reply.code(204).send();
    },
  });

  route(app, contract.complaintDetail, {
    handler: async (request) => {
      const row = await signedInComplaint(request, request.params.id);
      return readComplaintDetail(services, row);
    },
  });

  route(app, contract.complaintAttachments, {
    handler: async (request) => {
      const row = await signedInComplaint(request, request.params.id);
      return listAttachments(services, portal.fileLinkSecret, row);
    },
  });

  route(app, contract.summarySeal, {
    handler: async (request) => {
      const row = await signedInComplaint(request, request.params.id);
      return sealSummary(
        services,
        portal.fileLinkSecret,
        request.organization,
        row,
        request.body.logo,
      );
    },
  });

  route(app, contract.addComment, {
    handler: async (request, reply) => {
      const row = await signedInComplaint(request, request.body.denuncia_id);
      await addComplainantComment(services, row, request.body.comentario);
      return reply.code(201).send({ message: 'Comentario agregado.' });
    },
  });

  route(app, contract.requestReplacement, {
    handler: async (request, reply) => {
      const row = await signedInComplaint(request, request.body.denuncia_id);
      await requestReplacement(services, row, request.body.motivo);
      return reply
        .code(201)
        .send({ message: 'Su solicitud fue enviada. El equipo le responderá en la bitácora.' });
    },
  });

  route(app, contract.reportRetaliation, {
    handler: async (request, reply) => {
      const row = await signedInComplaint(request, request.body.denuncia_id);
      await reportRetaliation(services, row, request.body.relato);
      return reply.code(201).send({ message: RETALIATION_MESSAGES.sent });
    },
  });

  route(app, contract.complaintTranscript, {
    handler: async (request) => {
      const row = await signedInComplaint(request, request.params.id);
      return readTranscript(services, row);
    },
  });

  route(app, contract.answerTranscript, {
    handler: async (request, reply) => {
      const row = await signedInComplaint(request, request.body.denuncia_id);
      await answerTranscript(services, row, request.body);
      return reply.code(201).send({
        message:
          request.body.decision === 'acepta'
            ? 'Gracias. Su aceptación de la transcripción quedó registrada.'
            : 'Gracias. Sus correcciones fueron enviadas al equipo de investigación.',
      });
    },
  });

  route(app, contract.uploadFiles, {
    handler: async (request, reply) => {
      const session = request.sessionComplaintId;
      const row = await complaintOfSession(services, request.organization, session);
      assertUploadAllowed(row);
      const upload = await receiveMultipart(request, services.files, {
        jsonField: 'bitacora',
        key: services.keyring.unwrapDataKey(row.data_key),
        parseJson: (raw) => {
          const bitacora = parseOrThrow(uploadBitacoraSchema, raw);
          if (ticketFrom(bitacora.codigo) !== row.ticket) throw new AppError('NOT_FOUND');
          return bitacora;
        },
      });
      // Finished resumable uploads named by the entry join it in the same commit (issue 21).
      const ids = upload.json.subidas ?? [];
      const finished = await resumable
        .finishedAll(ids, { complaintId: row.id, staffUserId: null })
        .catch(async (error: unknown) => {
          await services.files.discard(upload.files);
          throw error;
        });
      if (upload.files.length + finished.length > MAX_FILES_PER_REQUEST) {
        await services.files.discard(upload.files);
        throw new AppError('TOO_MANY_FILES');
      }
      try {
        await addComplainantFiles(services, row, upload.json.comentario ?? '', [
          ...upload.files,
          ...finished,
        ]);
      } catch (error) {
        // Refused or failed: the entry's files are gone (addComplainantFiles discards them).
        for (const id of ids) await resumable.remove(id);
        throw error;
      }
      await resumable.attached(ids);
      return reply.code(201).send({ message: 'Antecedentes recibidos.' });
    },
  });

  route(app, contract.complaintStatus, {
    handler: async (request) => {
      const row = await signedInComplaint(request, request.body.codigo);
      return statusOf(row);
    },
  });
};
