import i18n from '../../i18n';
import { alert } from '../../lib/alerts';
import { loadTextMessages } from './messages';

/**
 * Says that what was just written in Zawgyi (the older Burmese encoding many phones still type) is stored in
 * Unicode: it reads the same on every device now, and the writer should not be surprised if their own phone shows
 * it differently. Once for each write whose answer says so (api/client.ts).
 */
export async function noticeZawgyi(): Promise<void> {
  await loadTextMessages();
  alert('info', i18n.t('text.zawgyi'));
}
