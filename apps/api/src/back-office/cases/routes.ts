import type { FastifyPluginAsync } from 'fastify';
import { STATUS_CLOSED, staffCommentSchema } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { acceptMultipart, receiveMultipart } from '../../core/files/receive';
import { createResumableStore } from '../../core/files/resumable-http';
import { AppError } from '../../errors';
import { parseOrThrow, refuseNul } from '../../http/validation';
import { route } from '../../http/route';
import { sendFile } from '../../http/send-file';
import { PdfRenderer, pdfRendererSettings } from '../export/pdf-renderer';
import { addInternalNote } from './use-cases/add-internal-note';
import { assignCase } from './use-cases/assign-case';
import { changeStatus } from './use-cases/change-status';
import { linkCase } from './use-cases/link-case';
import { reclassifyCase } from './use-cases/reclassify-case';
import { recordMilestone } from './use-cases/record-milestone';
import { replyToComplainant } from './use-cases/reply-to-complainant';
import { setCasePriority } from './use-cases/set-case-priority';
import { setCaseTags } from './use-cases/set-case-tags';
import { setExclusion } from './use-cases/set-exclusion';
import { unlinkCase } from './use-cases/unlink-case';
import { downloadCaseFile } from './attachments';
import { caseToChange } from './access';
import { caseResumableRoutes } from './resumable-routes';
import { viewCase } from './case-view';
import { caseDossier } from './dossier';
import { inbox } from './inbox';
import { answerReplacement, listReplacementTasks } from './replacement';
import { deleteSavedView, listSavedViews, saveView } from './saved-views';
import { issueTranscript, viewTranscript } from './transcripts';

/** Cases of the back office: inbox, case view, files, status, dialogue, assignment, milestones. */
export const caseRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  await acceptMultipart(app);
  // A reply's files sent over tus before the reply names them (issue 21, decision 0074).
  const resumable = createResumableStore(services);
  await app.register(caseResumableRoutes, { store: resumable });
  // The dossier's PDF is made off the event loop, in this app's own threads (decision 0029).
  const pdf = new PdfRenderer(pdfRendererSettings(services.config), (error) =>
    app.log.error({ err: error }, 'hilo de documentos PDF detenido'),
  );
  app.addHook('onClose', () => pdf.close());

  route(app, contract.inbox, {
    handler: async (request) => inbox(services, request.staff, request.query),
  });

  route(app, contract.viewCase, {
    handler: async (request) => viewCase(services, request.staff, request.params.id),
  });

  route(app, contract.downloadCaseFile, {
    handler: async (request, reply) =>
      sendFile(
        request,
        reply,
        await downloadCaseFile(services, request.staff, request.params.id, request.params.fileId),
      ),
  });

  route(app, contract.downloadCaseDossier, {
    handler: async (request, reply) => {
      const dossier = await caseDossier(services, request.staff, request.params.id, {
        pdf,
        log: request.log,
      });
      return sendFile(request, reply, { ...dossier, mimetype: 'application/zip' });
    },
  });

  route(app, contract.viewCaseFile, {
    handler: async (request, reply) =>
      sendFile(
        request,
        reply,
        await downloadCaseFile(
          services,
          request.staff,
          request.params.id,
          request.params.fileId,
          'view',
        ),
        'view',
      ),
  });

  route(app, contract.changeStatus, {
    handler: async (request, reply) => {
      await changeStatus(services, request.staff, request.params.id, request.body);
      return reply.code(201).send({ message: 'Estado actualizado.' });
    },
  });

  route(app, contract.replyToComplainant, {
    handler: async (request, reply) => {
      // The person's own finished uploads for this case, named in `subidas`, join the reply in
      // its one commit (decision 0074); one not whole, or not theirs, is a 400 and nothing is done.
      const ids = request.body.subidas ?? [];
      const owner = { complaintId: request.params.id, staffUserId: request.staff.id };
      const files = await resumable.finishedAll(ids, owner);
      try {
        await replyToComplainant(
          services,
          request.staff,
          request.params.id,
          request.body.comentario,
          files,
        );
      } catch (error) {
        // Refused or failed: the reply's files are gone (replyToComplainant discards them).
        for (const id of ids) await resumable.remove(id);
        throw error;
      }
      await resumable.attached(ids);
      return reply.code(201).send({ message: 'Respuesta registrada.' });
    },
  });

  route(app, contract.viewCaseTranscript, {
    handler: async (request) => viewTranscript(services, request.staff, request.params.id),
  });

  route(app, contract.issueTranscript, {
    handler: async (request, reply) => {
      const version = await issueTranscript(
        services,
        request.staff,
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ version });
    },
  });

  route(app, contract.replyWithFiles, {
    handler: async (request, reply) => {
      // Refused before a byte of a file is staged: not the person's case, an auditor, closed.
      const row = await caseToChange(services, request.staff, request.params.id);
      if (row.status === STATUS_CLOSED) throw new AppError('CASE_CLOSED');
      const upload = await receiveMultipart(request, services.files, {
        jsonField: 'respuesta',
        key: services.keyring.unwrapDataKey(row.data_key),
        parseJson: (raw) => parseOrThrow(staffCommentSchema, refuseNul(raw)),
      });
      await replyToComplainant(
        services,
        request.staff,
        request.params.id,
        upload.json.comentario,
        upload.files,
      );
      return reply.code(201).send({ message: 'Respuesta registrada.' });
    },
  });

  route(app, contract.addInternalNote, {
    handler: async (request, reply) => {
      await addInternalNote(services, request.staff, request.params.id, request.body.comentario);
      return reply.code(201).send({ message: 'Nota registrada.' });
    },
  });

  route(app, contract.listSavedViews, {
    handler: async (request) => listSavedViews(services, request.staff),
  });

  route(app, contract.saveView, {
    handler: async (request, reply) =>
      reply.code(201).send(await saveView(services, request.staff, request.body)),
  });

  route(app, contract.deleteSavedView, {
    handler: async (request) => {
      await deleteSavedView(services, request.staff, request.params.id);
      return { message: 'Vista borrada.' };
    },
  });

  route(app, contract.linkCase, {
    handler: async (request) => {
      await linkCase(services, request.staff, request.params.id, request.body);
      return { message: 'Casos vinculados.' };
    },
  });

  route(app, contract.unlinkCase, {
    handler: async (request) => {
      await unlinkCase(services, request.staff, request.params.id, request.params.linkedId);
      return { message: 'Vínculo quitado.' };
    },
  });

  route(app, contract.setCasePriority, {
    handler: async (request) => {
      await setCasePriority(services, request.staff, request.params.id, request.body.prioridad);
      return { message: 'Prioridad actualizada.' };
    },
  });

  route(app, contract.setCaseTags, {
    handler: async (request) => {
      await setCaseTags(services, request.staff, request.params.id, request.body.etiquetas);
      return { message: 'Etiquetas actualizadas.' };
    },
  });

  route(app, contract.assignCase, {
    handler: async (request) => {
      await assignCase(services, request.staff, request.params.id, request.body.usuario_id);
      return { message: 'Asignación actualizada.' };
    },
  });

  route(app, contract.excludeFromCase, {
    handler: async (request) => {
      await setExclusion(services, request.staff, request.params.id, request.params.userId, true);
      return { message: 'Exclusión registrada.' };
    },
  });

  route(app, contract.removeExclusion, {
    handler: async (request) => {
      await setExclusion(services, request.staff, request.params.id, request.params.userId, false);
      return { message: 'Exclusión eliminada.' };
    },
  });

  route(app, contract.recordMilestone, {
    handler: async (request) => {
      await recordMilestone(
        services,
        request.staff,
        request.params.id,
        request.params.clave,
        request.body,
      );
      return { message: 'Hito registrado.' };
    },
  });

  route(app, contract.listReplacementRequests, {
    handler: async (request) => listReplacementTasks(services, request.staff),
  });

  route(app, contract.answerReplacementRequest, {
    handler: async (request) => {
      await answerReplacement(services, request.staff, request.params.id, request.body);
      return { message: 'Solicitud respondida.' };
    },
  });

  route(app, contract.reclassifyCase, {
    handler: async (request) => {
      await reclassifyCase(services, request.staff, request.params.id, request.body);
      return { message: 'Tipo de denuncia actualizado.' };
    },
  });
};
