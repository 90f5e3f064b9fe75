import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { enablePush, notificationPermission } from '../../lib/push';

/**
 * This browser's notification permission, and `allow`, which asks for it: a tap must lead there (browsers refuse
 * prompts nobody asked for). A failed subscription says why in an alert.
 */
export function useAllowPush() {
  const [permission, setPermission] = useState(notificationPermission);
  const [busy, setBusy] = useState(false);
  const allow = async () => {
    setBusy(true);
    try {
      setPermission(await enablePush());
    } catch (err) {
      alert('danger', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { permission, busy, allow };
}
