import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../i18n';

/** The spec's confirmation dialog: a title, a question, Cancel and Delete. */
export function confirmDelete({
  title,
  text,
  onConfirm,
}: {
  title: string;
  text: string;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title,
    children: <Text>{text}</Text>,
    labels: { confirm: i18n.t('actions.delete'), cancel: i18n.t('actions.cancel') },
    confirmProps: { color: 'red' },
    centered: true,
    onConfirm,
  });
}
