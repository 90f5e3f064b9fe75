import type { Plan } from '@inkwell/contracts';
import { Button, Group, List, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { trialEnd, type Replaces } from './offers';

/** A trial's terms and end date before it starts: one tap must not start something the person has not read. */
export function TrialDialog({
  plan,
  replaces,
  currentPlanName,
  busy,
  onClose,
  onStart,
}: {
  plan: Plan | null;
  replaces: Replaces;
  currentPlanName?: string;
  busy: boolean;
  onClose: () => void;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Modal
      opened={plan !== null}
      onClose={onClose}
      title={plan ? t('plans.trial_confirm_title', { plan: plan.name }) : ''}
      centered
    >
      {plan && (
        <>
          <List spacing="xs" size="sm">
            <List.Item>
              {t('plans.trial_length', {
                count: plan.trial_period_days,
                days: numberFormat(locale).format(plan.trial_period_days),
              })}
            </List.Item>
            <List.Item>{t('plans.trial_ends', { date: longDate(trialEnd(plan), locale) })}</List.Item>
            <List.Item>{t('plans.trial_no_charge')}</List.Item>
            <List.Item>{t('plans.trial_once')}</List.Item>
            {replaces === 'trial' && currentPlanName && (
              <List.Item>{t('plans.replaces_trial', { plan: currentPlanName })}</List.Item>
            )}
          </List>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={onStart} loading={busy}>
              {t('plans.start_trial')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
