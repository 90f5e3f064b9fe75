import { Modal, NavLink } from '@mantine/core';
import { IconBan, IconFlag, IconLockOpen, IconUserOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { LazyReportDialog } from '../reports';
import { setBlocked } from './api';
import { BlockDialog } from './BlockDialog';
import { muteWithUndo, unmute } from './mute';
import { blockTargetOf, isBlocked, type SafetySubject } from './subject';

/**
 * A person's or an account's menu: report, block or unblock, and for an account mute or unmute. Report and Block
 * go on to their dialogs; the rest is done at once and said in a toast.
 */
export function SafetySheet({ subject, onClose }: { subject: SafetySubject; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [next, setNext] = useState<'menu' | 'report' | 'block'>('menu');
  const target = blockTargetOf(subject);
  const account = subject.kind === 'account' ? subject.account : null;
  const blocked = isBlocked(subject);

  const unblock = () => {
    onClose();
    setBlocked(client, target, false).then(
      () => alert('success', t('safety.unblocked_toast', { name: target.name })),
      (error: unknown) => alert('danger', errorMessage(error)),
    );
  };
  const toggleMute = () => {
    onClose();
    if (account) void (account.is_muted ? unmute(client, account) : muteWithUndo(client, account));
  };
  const entry = (label: string, icon: ReactNode, onClick: () => void) => (
    <NavLink component="button" label={label} leftSection={icon} py="md" onClick={onClick} />
  );

  return (
    <>
      <Modal opened={next === 'menu'} onClose={onClose} title={t('safety.more')} centered>
        {entry(t(account ? 'reports.report_account' : 'reports.report_person'), <IconFlag size={20} />, () =>
          setNext('report'),
        )}
        {account &&
          entry(
            t(account.is_muted ? 'safety.unmute_account' : 'safety.mute_account'),
            <IconUserOff size={20} />,
            toggleMute,
          )}
        {blocked
          ? entry(t(account ? 'safety.unblock_account' : 'safety.unblock_person'), <IconLockOpen size={20} />, unblock)
          : entry(t(account ? 'safety.block_account' : 'safety.block_person'), <IconBan size={20} />, () =>
              setNext('block'),
            )}
      </Modal>
      <LazyReportDialog target={next === 'report' ? { type: subject.kind, id: target.id } : null} onClose={onClose} />
      {next === 'block' && <BlockDialog target={target} onClose={onClose} />}
    </>
  );
}
