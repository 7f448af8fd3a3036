import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '#shared/jobs.js';
import { ctx } from '#server/http/context.js';
import { AppError, findOrFail } from '#server/http/errors.js';
import { StorageUnavailableError } from './storage.js';
import { uploadDocument, uploadPhotos } from './service.js';
import { cacheControlOf, type PhotoStorage } from './storage.js';
import { UploadedDocumentAnswer } from '#shared/answers/business-profiles.js';
import { UploadPhotosAnswer } from '#shared/answers/jobs.js';

/** A stored file, with its real content type: a photo (WebP or JPEG), or a credential's PDF. */
const binary = { schema: z.unknown().meta({ type: 'string', contentEncoding: 'binary' }) };
const storedFile = {
  description: 'The stored file',
  content: { 'image/webp': binary, 'image/jpeg': binary, 'application/pdf': binary },
};

export async function uploadRoutes(app: FastifyInstance, { storage }: { storage: PhotoStorage }) {
  // The answer is a plain 503; why the store did not answer is for the operator.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof StorageUnavailableError) request.log.warn({ err: error.reason }, 'photo storage unavailable');
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: UPLOAD_MAX_FILES,
      fields: 10,
      fieldSize: 1024,
      parts: UPLOAD_MAX_FILES + 10,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/uploads',
    { schema: { response: { 201: UploadPhotosAnswer } }, config: { limits: ['uploads'] } },
    async (request, reply) => {
      const c = await ctx(request);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      const files = await uploadPhotos(c, storage, request.files());
      return reply.status(201).send({ files });
    },
  );

  r.post(
    '/api/uploads/documents',
    { schema: { response: { 201: UploadedDocumentAnswer } }, config: { limits: ['uploads'] } },
    async (request, reply) => {
      const c = await ctx(request);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      return reply.status(201).send(await uploadDocument(c, storage, request.files()));
    },
  );

  r.get(
    '/uploads/:key',
    { schema: { params: z.object({ key: z.string() }), response: { 200: storedFile } } },
    async (request, reply) => {
      const file = findOrFail(await storage.get(request.params.key));
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', cacheControlOf(file.contentType))
          .header('x-content-type-options', 'nosniff')
          // A PDF is downloaded, never rendered inside our origin.
          .header('content-disposition', file.contentType === 'application/pdf' ? 'attachment' : 'inline')
          .send(file.body)
      );
    },
  );
}
