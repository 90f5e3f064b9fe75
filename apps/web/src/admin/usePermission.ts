import type { Permission } from '@inkwell/contracts';
import { mayAdminister, useSession } from '../session/session';

/** Whether the session may do this; screens hide what it may not (the server refuses it anyway). */
export function usePermission(permission: Permission): boolean {
  return mayAdminister(useSession(), permission);
}
