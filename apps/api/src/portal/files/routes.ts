import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { fileName } from '../../crypto/sealed-field';
import { openForDisplay } from '../../core/complaints/sealed';
import { AppError } from '../../errors';
import { sendFile } from '../../http/send-file';
import { route } from '../../http/route';
import { complaintsRepository as repo } from '../../core/complaints/repository';
import { verifyFileLink } from './signed-url';
import { sanitizedCopy } from '../../sanitize';

/** Signed download links (DESIGN §4.7): no header needed, five minutes, always as an attachment. */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { services, portal } = app;
  route(app, contract.downloadFile, {
    handler: async (request, reply) => {
      const { id } = request.params;
      const { e, s } = request.query;
      if (e === undefined || !s || !verifyFileLink(portal.fileLinkSecret, id, e, s)) {
        throw new AppError('LINK_INVALID');
      }
      const file = await repo.fileById(services.db, id);
      if (!file) throw new AppError('NOT_FOUND', 'El archivo solicitado no existe.');
      const key = services.keyring.unwrapDataKey(file.data_key);
      const name = openForDisplay(
        services,
        key,
        file.name_enc,
        fileName(file.complaint_id),
        `archivo.${file.extension}`,
      );
      const read = () => services.files.read(file.storage_key, key);
      // The team's files go out as their sanitised copy, like every file staff download: no
      // camera, GPS or author data of the team reaches the complainant (decision 0019).
      const copy = file.from_team
        ? await sanitizedCopy(read, file.extension, Number(file.size_bytes))
        : { body: await read(), size: Number(file.size_bytes) };
      return sendFile(request, reply, { ...copy, name, mimetype: file.mimetype });
    },
  });
};
