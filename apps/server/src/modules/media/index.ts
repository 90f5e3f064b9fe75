/** The media module's face: uploads and their files, the jobs that transcode and clean them up. */
export { cleanupMedia, mediaQueues, transcode } from './media.jobs';
export { markAttached, ownUpload } from './media.repo';
export { mediaRoutes } from './media.routes';
export { newFileId, originalKey, storeImage, tmpDir } from './media.service';
