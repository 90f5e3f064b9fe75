import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { overlaysReady } from '../app/overlays';
import i18n from '../i18n';

/**
 * The spec's confirmation dialog: a title, a question, Cancel and Delete (or another action's name, such as
 * Suspend, in `confirmLabel`).
 */
export function confirmDelete({
  title,
  text,
  onConfirm,
  confirmLabel,
  confirmColor = 'red',
}: {
  title: string;
  text: string;
  onConfirm: () => void;
  confirmLabel?: string;
  confirmColor?: string;
}): void {
  void overlaysReady().then(() =>
    modals.openConfirmModal({
      title,
      children: <Text>{text}</Text>,
      labels: { confirm: confirmLabel ?? i18n.t('actions.delete'), cancel: i18n.t('actions.cancel') },
      confirmProps: { color: confirmColor },
      centered: true,
      onConfirm,
    }),
  );
}
