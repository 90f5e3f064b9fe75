import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { useSetBlocked, type BlockTarget } from './api';

/**
 * Asks before blocking, saying plainly what a block does (both ways, and untold); Block sends it. Unblocking
 * asks nothing: it only gives back what the block took.
 */
export function BlockDialog({ target, onClose }: { target: BlockTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const block = useSetBlocked();
  const confirm = () =>
    block.mutate(
      { target, on: true },
      {
        onSuccess: () => {
          alert('success', t('safety.blocked_toast', { name: target.name }));
          onClose();
        },
        onError: (error) => alert('danger', errorMessage(error)),
      },
    );

  return (
    <Modal opened onClose={onClose} title={t('safety.block_title', { name: target.name })} centered>
      <Stack gap="md">
        <Text>{t('safety.block_effect')}</Text>
        {target.kind === 'account' && (
          <Text size="sm" c="dimmed">
            {t('safety.block_account_note')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          {/* Red 9: white on Mantine's red 7 falls short of 4.5:1. */}
          <Button color="red.9" onClick={confirm} loading={block.isPending}>
            {t('safety.block')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
