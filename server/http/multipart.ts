import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ApiError, badRequest } from './errors.js';

/** Files uploaded in a multipart form above this size answer 413, while the upload streams in. */
export const UPLOAD_LIMIT_BYTES = 8 * 1024 * 1024;
const FIELD_LIMIT_BYTES = 64 * 1024;

const tooLargeFile = () => new ApiError(413, 'payload_too_large', `An uploaded file may hold at most ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB`);

/** An uploaded file: its bytes and the media type its part declared. */
export interface UploadedFile {
  data: Buffer;
  type: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Map<string, UploadedFile>;
}

/**
 * A multipart/form-data body (an upload): its text fields as strings and its files as bytes, by field name. A file
 * above the limit stops the upload with a 413; anything but a multipart form is a 415.
 */
export function readMultipartBody(req: IncomingMessage, fileLimit = UPLOAD_LIMIT_BYTES, tooLarge = tooLargeFile): Promise<MultipartBody> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(new ApiError(415, 'unsupported_media_type', `Send the body as multipart/form-data${type ? `, not ${type.split(';')[0]}` : ''}`));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null);
    const files = new Map<string, UploadedFile>();
    let failure: ApiError | undefined;
    const fail = (error: ApiError) => {
      failure ??= error;
      req.unpipe(parser);
      req.resume(); // drain what is still coming so that the 413 answer reaches the client
      reject(failure);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: fileLimit, fieldSize: FIELD_LIMIT_BYTES, fields: 20, files: 4 } });
    } catch (error) {
      return reject(badRequest(`Broken multipart form: ${(error as Error).message}`));
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(badRequest(`Field ${name} is longer than ${FIELD_LIMIT_BYTES} bytes`));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (!failure) files.set(name, { data: Buffer.concat(chunks), type: info.mimeType.toLowerCase() });
      });
    });
    parser.on('error', (error: Error) => fail(badRequest(`Broken multipart form: ${error.message}`)));
    parser.on('close', () => {
      if (!failure) resolve({ fields: { ...fields }, files });
    });
    req.pipe(parser);
  });
}
