/**
 * The safety module's face: blocks, mutes and muted words. What every read path leaves out lives in
 * `db/safety.ts` (one set of conditions, shared by feeds, search, comments, notifications and chats); the
 * checks that refuse an action between two people in a block are here.
 */
import { defineModule } from '../../platform/module';
import { safetyRoutes } from './safety.routes';

export { safetyLimit } from './safety.routes';
export { iBlockedAny, refuseIfBlockedWith } from './safety.checks';

export const safetyModule = defineModule({ routes: safetyRoutes });
