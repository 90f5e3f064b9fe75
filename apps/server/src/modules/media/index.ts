/**
 * The media module's face: uploads and their files, the jobs that transcode and clean them up, and the
 * realtime word of a transcode's progress to its uploader.
 */
import { defineModule } from '../../platform/module';
import { cleanupMedia, mediaQueues, transcode } from './media.jobs';
import { mediaRoutes } from './media.routes';
import { mediaSubscribers } from './media.subscribers';

export { companionsOf } from './av-files';
export { transcode } from './media.jobs';
export { markAttached, ownUpload, uploadFiles, uploadKeyOf } from './media.repo';
export { uploadLimit } from './media.routes';

export { newFileId, originalKey, storeImage, tmpDir } from './media.service';
/** The ladder's ffmpeg runs, for the benchmark to run bare. */
export { REST_NICENESS, videoRuns } from './video-transcode';

export const mediaModule = defineModule({
  routes: mediaRoutes,
  queues: mediaQueues,
  jobs: (ctx) => ({
    'media.transcode': ({ fileId }, job) => transcode(ctx, fileId, job),
    'media.cleanup': async () => {
      await cleanupMedia(ctx);
    },
  }),
  subscribers: mediaSubscribers,
});
