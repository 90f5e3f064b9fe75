import { Alert, Button, Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { isLocalPath } from '../../session/returnTo';
import { usePayment, useSandboxDecision } from './api';
import { PROVIDER_NAMES, formatPrice } from '../../lib/billingFormat';
import { outcomePath } from './nextStep';

/**
 * Stands in for a wallet that has no merchant keys configured: the payer approves or declines, and the
 * decision reaches the server as the signed callback a real gateway would send. Then on to the page that reads the
 * outcome, as a wallet returns there: a plan's, My memberships, or the tipped account's page (`?back=`).
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const back = useSearchParams()[0].get('back');
  const payment = usePayment(id, false);
  const decide = useSandboxDecision(id);
  const locale = currentLocale();

  if (payment.isPending) return <Loader aria-label={t('app.loading')} />;
  if (payment.isError) return <Alert color="red">{errorMessage(payment.error)}</Alert>;
  const p = payment.data.data;
  const outcome = outcomePath(p, isLocalPath(back) ? back : null);
  const amount = formatPrice(p.amount, locale, p.currency);

  const choose = (decision: 'approve' | 'decline') =>
    decide.mutate(decision, {
      onSuccess: () => void navigate(outcome, { replace: true }),
      onError: (error) => alert('danger', errorMessage(error)),
    });

  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconFlask />} title={t('sandbox.notice_title')}>
        {t('sandbox.notice')}
      </Alert>
      <Card withBorder radius="lg" padding="lg">
        <Title order={1} fz="h3" mb="sm">
          {t('sandbox.title', { provider: PROVIDER_NAMES[p.provider] })}
        </Title>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            {p.plan && (
              <Table.Tr>
                <Table.Th>{t('plans.summary.plan')}</Table.Th>
                <Table.Td>{p.plan.name}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th>{t('plans.summary.cycle')}</Table.Th>
              <Table.Td>{t(`plans.cycle.${p.billing_cycle}`)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('plans.summary.amount')}</Table.Th>
              <Table.Td fw={800}>{amount}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('sandbox.order')}</Table.Th>
              <Table.Td>
                {/* An order id is one long word: it breaks anywhere rather than run past the card. */}
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {p.order_id}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {p.status === 'pending' ? (
          // Side by side where there is room, stacked on a phone so neither label is squeezed.
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="lg">
            <Button
              variant="default"
              color="red"
              onClick={() => choose('decline')}
              loading={decide.isPending && decide.variables === 'decline'}
            >
              {t('sandbox.decline')}
            </Button>
            <Button onClick={() => choose('approve')} loading={decide.isPending && decide.variables === 'approve'}>
              {t('sandbox.approve', { amount })}
            </Button>
          </SimpleGrid>
        ) : (
          <Button mt="lg" onClick={() => void navigate(outcome)}>
            {t('actions.continue')}
          </Button>
        )}
      </Card>
    </Stack>
  );
}
