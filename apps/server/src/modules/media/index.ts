/**
 * The media module's face: uploads and their files, the jobs that transcode and clean them up, and the
 * realtime word of a transcode's progress to its uploader.
 */
export { cleanupMedia, mediaQueues, transcode } from './media.jobs';
export { markAttached, ownUpload } from './media.repo';
export { mediaSubscribers } from './media.subscribers';
export { mediaRoutes } from './media.routes';
export { newFileId, originalKey, storeImage, tmpDir } from './media.service';
