import { BILLING_CYCLES, PAYMENT_PROVIDERS, type BillingCycle, type PaymentProvider } from '@inkwell/contracts';
import { Alert, Anchor, Button, Card, Checkbox, Group, List, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { usePlans, useSubscribe } from './api';
import { PROVIDER_NAMES, cyclePrice, formatPrice } from '../../lib/billingFormat';
import { followNextStep } from './nextStep';
import a11y from '../../components/a11y.module.css';

const SUBSCRIPTION_TERMS = ['period', 'no_renewal', 'wallet', 'refunds'] as const;

/** Order summary, terms and Confirm (enabled once the terms are ticked). */
export function ConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plans = usePlans();
  const subscribe = useSubscribe();
  const [agreed, setAgreed] = useState(false);
  const [termsOpen, terms] = useDisclosure(false);
  const locale = currentLocale();

  const cycle = (BILLING_CYCLES as readonly string[]).includes(params.get('cycle') ?? '')
    ? (params.get('cycle') as BillingCycle)
    : 'monthly';
  const provider = (PAYMENT_PROVIDERS as readonly string[]).includes(params.get('provider') ?? '')
    ? (params.get('provider') as PaymentProvider)
    : 'kbzpay';
  const plan = plans.data?.data.find((p) => p.id === Number(params.get('plan')));

  if (plans.isPending) return <Loader aria-label={t('app.loading')} />;
  if (!plan || plan.is_free) {
    return (
      <Alert color="yellow" title={t('plans.no_plan_title')}>
        <Anchor component={Link} to="/profile/plan" className={a11y.link}>
          {t('plans.view_plans')}
        </Anchor>
      </Alert>
    );
  }

  const confirm = () =>
    subscribe.mutate(
      { plan_id: plan.id, trial: false, billing_cycle: cycle, payment_provider: provider },
      {
        onSuccess: (res) => {
          if ('payment' in res.data) followNextStep(res.data.payment, (to) => void navigate(to));
        },
        onError: (error) => alert('danger', errorMessage(error)),
      },
    );

  return (
    <>
      <BackBar title={t('titles.plan_confirm')} to="/profile/plan" />
      <Stack gap="md">
        <Card withBorder radius="lg" padding="md">
          <Text fw={700} mb="xs">
            {t('plans.order_summary')}
          </Text>
          <Table variant="vertical" layout="fixed" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('plans.summary.plan')}</Table.Th>
                <Table.Td>{plan.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('plans.summary.cycle')}</Table.Th>
                <Table.Td>{t(`plans.cycle.${cycle}`)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('plans.summary.provider')}</Table.Th>
                <Table.Td>{PROVIDER_NAMES[provider]}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('plans.summary.amount')}</Table.Th>
                <Table.Td fw={800}>{formatPrice(cyclePrice(plan, cycle), locale)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
        <Group gap="xs" wrap="nowrap" align="start">
          <Checkbox
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            label={t('plans.agree')}
            aria-describedby="subscription-terms-link"
          />
        </Group>
        <Anchor
          component="button"
          type="button"
          id="subscription-terms-link"
          onClick={terms.open}
          size="sm"
          ta="left"
          className={a11y.link}
        >
          {t('plans.read_terms')}
        </Anchor>
        <Group grow>
          <Button component={Link} to="/profile/plan" variant="default">
            {t('actions.back')}
          </Button>
          <Button disabled={!agreed} loading={subscribe.isPending} onClick={confirm}>
            {t('plans.confirm')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={termsOpen} onClose={terms.close} title={t('plans.terms_title')} centered>
        <List spacing="sm">
          {SUBSCRIPTION_TERMS.map((key) => (
            <List.Item key={key}>{t(`plans.terms.${key}`)}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" mt="lg">
          <Button onClick={terms.close}>{t('actions.close')}</Button>
        </Group>
      </Modal>
    </>
  );
}
