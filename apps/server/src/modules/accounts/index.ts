/** The accounts module's face: what other modules and the composition root may use; the rest is its own. */
import { defineModule } from '../../platform/module';
import { accountsRoutes } from './accounts.routes';

export {
  accountAccess,
  publicAccountSql,
  requireAccount,
  type AccountAccess,
  type AccountFacts,
} from './accounts.policy';
/** An account with the viewer's relation to it, to ask `accountAccess` about (undefined: there is none). */
export { byId as findAccount } from './accounts.repo';

export const accountsModule = defineModule({
  routes: accountsRoutes,
  // Published for whoever needs them later; nobody hears them yet.
  subscribers: () => ({ 'account.created': [], 'account.deleted': [] }),
});
