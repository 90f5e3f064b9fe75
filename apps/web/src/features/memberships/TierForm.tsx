import {
  TIER_BENEFITS_MAX,
  TIER_BENEFIT_MAX_LENGTH,
  PAYMENT_CURRENCIES,
  TIER_PRICE_MAX,
  type Tier,
} from '@inkwell/contracts';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DescriptionField } from '../../components/DescriptionField';
import { alert } from '../../lib/alerts';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';
import { useSaveTier } from './api';
import { bodyOf, newTier, valuesOf } from './tierValues';

const PRICE_INPUT = {
  min: 1,
  max: TIER_PRICE_MAX,
  allowDecimal: false,
  allowNegative: false,
  thousandSeparator: ',',
  clampBehavior: 'none',
  inputMode: 'numeric',
} as const;

/** A field's error goes under the field the server named: a benefit's (`benefits.2`) under the benefits. */
const formField = (field: string) => [field.split('.')[0]!];

/**
 * Add a tier (`tier` null, placed after the others) or change one: every field at once, as the server takes it;
 * its refusals show under their fields (the fifth tier's under the name).
 */
export function TierForm({
  accountId,
  tier,
  position,
  onClose,
}: {
  accountId: number;
  tier: Tier | null;
  position: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTier(accountId);
  const form = useServerForm(tier ? valuesOf(tier) : newTier(position));

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: tier?.id ?? null, body: bodyOf(values) },
      {
        onSuccess: (answer) => {
          alert('success', t('memberships.saved', { name: answer.data.name }));
          onClose();
        },
        onError: (error) => showServerErrors(form, error, formField),
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={tier ? t('memberships.edit_name', { name: tier.name }) : t('memberships.new_tier')}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('memberships.fields.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <DescriptionField
            label={t('memberships.fields.description')}
            {...form.getInputProps('description')}
            value={form.values.description}
          />
          <Textarea
            label={t('memberships.fields.benefits')}
            description={t('memberships.fields.benefits_hint', {
              max: TIER_BENEFITS_MAX,
              length: TIER_BENEFIT_MAX_LENGTH,
            })}
            autosize
            minRows={3}
            {...form.getInputProps('benefits')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label={t('memberships.fields.monthly_price')}
              withAsterisk
              {...PRICE_INPUT}
              {...form.getInputProps('monthly_price')}
            />
            <NumberInput
              label={t('memberships.fields.yearly_price')}
              description={t('memberships.fields.yearly_hint')}
              {...PRICE_INPUT}
              {...form.getInputProps('yearly_price')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label={t('memberships.fields.currency')}
              // The contract's TIER_CURRENCIES is this list; read through memberships.ts, it would tie that module
              // (on every account page) to billing's, and billing's to zod.
              data={PAYMENT_CURRENCIES.map((c) => ({ value: c, label: t(`memberships.currencies.${c}`) }))}
              allowDeselect={false}
              {...form.getInputProps('currency')}
            />
            <NumberInput
              label={t('memberships.fields.position')}
              description={t('memberships.fields.position_hint')}
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('position')}
            />
          </SimpleGrid>
          <Switch
            size="md"
            label={t('memberships.fields.hidden')}
            description={t('memberships.fields.hidden_hint')}
            {...form.getInputProps('hidden', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('memberships.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
