import {
  BILLING_CYCLES,
  CURRENCY,
  type AdminPlan,
  type BillingCycle,
  type Locale,
  type Plan,
} from '@inkwell/contracts';
import { Button, Card, Group, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { IconBraces, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../components/ConfirmDialog';
import { SectionHeading } from '../../components/SectionHeading';
import { PlanCard } from '../../features/billing';
import { alert } from '../../lib/alerts';
import { ErrorAlert } from '../components/ErrorAlert';
import { useDeletePlan } from './api';
import { TRANSLATED, type Translated, type Values } from './planValues';

/** A features JSON textarea with a button that lays the JSON out readably once it parses. */
export function FeaturesField({
  form,
  path,
  label,
  required = false,
}: {
  form: UseFormReturnType<Values>;
  path: 'features' | `translations.${Translated}.features`;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const props = form.getInputProps(path);
  const value = String(props.value ?? '');
  const tidy = () => {
    try {
      form.setFieldValue(path, JSON.stringify(JSON.parse(value), null, 2));
    } catch {
      void form.validateField(path);
    }
  };
  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        description={t('admin.plans.features_hint')}
        required={required}
        autosize
        minRows={4}
        maxRows={18}
        spellCheck={false}
        styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } }}
        {...props}
      />
      <Group>
        <Button
          type="button"
          variant="subtle"
          size="sm"
          mih={44}
          leftSection={<IconBraces size={16} />}
          onClick={tidy}
          disabled={value.trim() === ''}
        >
          {t('admin.plans.tidy_json')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The plan as people will see it, in the chosen language and billing cycle. */
export function Preview({ values, id }: { values: Values; id: number }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Locale>('en');
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const wording = language === 'en' ? undefined : values.translations[language];
  const monthly = Number(values.monthly_price) || 0;
  const yearly = Number(values.yearly_price) || 0;
  const plan: Plan = {
    id,
    slug: values.slug,
    name: wording?.name || values.name || t('admin.plans.preview_untitled'),
    description: wording?.description || values.description,
    monthly_price: monthly,
    yearly_price: yearly,
    trial_period_days: Number(values.trial_period_days) || 0,
    features: wording?.features || values.features,
    currency: CURRENCY,
    is_free: monthly === 0 && yearly === 0,
    creates_accounts: values.creates_accounts,
  };
  return (
    <Stack gap="sm" pos="sticky" top={80} component="section" aria-label={t('admin.plans.preview')}>
      <SectionHeading order={3} size="sm" title={t('admin.plans.preview')}>
        {t('admin.plans.preview_hint')}
      </SectionHeading>
      <SegmentedControl
        aria-label={t('admin.plans.preview_language')}
        value={language}
        onChange={(value) => setLanguage(value as Locale)}
        data={(['en', ...TRANSLATED] as const).map((locale) => ({
          value: locale,
          label: t(`admin.plans.languages.${locale}`),
        }))}
      />
      <SegmentedControl
        aria-label={t('plans.cycle_label')}
        value={cycle}
        onChange={(value) => setCycle(value as BillingCycle)}
        data={BILLING_CYCLES.map((c) => ({ value: c, label: t(`plans.cycle.${c}`) }))}
      />
      {/* Only the card: its buttons would do nothing here, so none are offered. */}
      <PlanCard
        plan={plan}
        cycle={cycle}
        offer={{ current: false, purchase: null, trial: false, replaces: null }}
        busy={false}
        onTrial={() => undefined}
      />
    </Stack>
  );
}

/** Delete, after the spec's confirmation; a plan people are on is refused with the server's message. */
export function DeletePlan({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeletePlan(plan.id);
  const ask = () =>
    confirmDelete({
      title: t('admin.plans.delete_title'),
      text: t('admin.plans.delete_text', { name: plan.name }),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            alert('success', t('admin.plans.deleted'));
            void navigate('/admin/plans');
          },
        }),
    });
  return (
    <Card withBorder radius="md" mt="md" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="sm">
        <SectionHeading order={3} size="sm" title={t('admin.plans.sections.delete')}>
          {plan.can_delete ? t('admin.plans.delete_hint') : t('admin.plans.in_use_hint')}
        </SectionHeading>
        <ErrorAlert error={remove.error} />
        <Group>
          <Button
            type="button"
            color="red"
            variant="light"
            mih={44}
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={ask}
          >
            {t('admin.plans.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
