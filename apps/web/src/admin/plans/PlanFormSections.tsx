import {
  CURRENCY,
  DESCRIPTION_MAX_LENGTH,
  PLAN_PRICE_MAX,
  PLAN_SORT_ORDER_MAX,
  PLAN_STORAGE_MAX_MB,
  PLAN_TRIAL_DAYS_MAX,
} from '@inkwell/contracts';
import { Card, NumberInput, SimpleGrid, Stack, Switch, Tabs, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../components/SectionHeading';
import { FeaturesField } from './PlanFormParts';
import { TRANSLATED, type Values } from './planValues';

/** The plan's slug, name and description. */
export function DetailsSection({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t('admin.plans.sections.details')}
        </Title>
        <TextInput
          label={t('admin.plans.fields.slug')}
          description={t('admin.plans.fields.slug_hint')}
          required
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('slug')}
        />
        <TextInput label={t('admin.plans.fields.name')} required {...form.getInputProps('name')} />
        <Textarea
          label={t('admin.plans.fields.description')}
          required
          autosize
          minRows={2}
          maxLength={DESCRIPTION_MAX_LENGTH}
          {...form.getInputProps('description')}
        />
      </Stack>
    </Card>
  );
}

/** Monthly and yearly prices in kyat, and the free trial. */
export function PricesSection({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t('admin.plans.sections.prices')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t('admin.plans.fields.monthly_price', { currency: CURRENCY })}
            min={0}
            max={PLAN_PRICE_MAX}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps('monthly_price')}
          />
          <NumberInput
            label={t('admin.plans.fields.yearly_price', { currency: CURRENCY })}
            min={0}
            max={PLAN_PRICE_MAX}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps('yearly_price')}
          />
          <NumberInput
            label={t('admin.plans.fields.trial_period_days')}
            min={0}
            max={PLAN_TRIAL_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('trial_period_days')}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Whether the plan creates accounts, its storage and video quality, order and visibility. */
export function AccessSection({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t('admin.plans.sections.access')}
        </Title>
        <Switch
          size="md"
          label={t('admin.plans.fields.creates_accounts')}
          {...form.getInputProps('creates_accounts', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('admin.plans.fields.storage_quota_mb')}
            min={0}
            max={PLAN_STORAGE_MAX_MB}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('storage_quota_mb')}
          />
          <NumberInput
            label={t('admin.plans.fields.sort_order')}
            description={t('admin.plans.fields.sort_order_hint')}
            min={0}
            max={PLAN_SORT_ORDER_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('sort_order')}
          />
        </SimpleGrid>
        <Switch
          size="md"
          label={t('admin.plans.fields.video_1080p')}
          description={t('admin.plans.fields.video_1080p_hint')}
          {...form.getInputProps('video_1080p', { type: 'checkbox' })}
        />
        <Switch
          size="md"
          label={t('admin.plans.fields.hidden')}
          description={t('admin.plans.fields.hidden_hint')}
          {...form.getInputProps('hidden', { type: 'checkbox' })}
        />
      </Stack>
    </Card>
  );
}

/** The name, description and features in Burmese and Thai (English is the plan's own). */
export function TranslationsSection({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <SectionHeading order={3} size="sm" title={t('admin.plans.sections.translations')}>
          {t('admin.plans.translations_hint')}
        </SectionHeading>
        <Tabs defaultValue="my" keepMounted>
          <Tabs.List>
            {TRANSLATED.map((locale) => (
              <Tabs.Tab key={locale} value={locale} mih={44}>
                {t(`admin.plans.languages.${locale}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TRANSLATED.map((locale) => (
            <Tabs.Panel key={locale} value={locale} pt="sm">
              <Stack gap="sm">
                <TextInput
                  label={t('admin.plans.fields.translated_name', {
                    language: t(`admin.plans.languages.${locale}`),
                  })}
                  {...form.getInputProps(`translations.${locale}.name`)}
                />
                <Textarea
                  label={t('admin.plans.fields.translated_description', {
                    language: t(`admin.plans.languages.${locale}`),
                  })}
                  autosize
                  minRows={2}
                  maxLength={DESCRIPTION_MAX_LENGTH}
                  {...form.getInputProps(`translations.${locale}.description`)}
                />
                <FeaturesField
                  form={form}
                  path={`translations.${locale}.features`}
                  label={t('admin.plans.fields.translated_features', {
                    language: t(`admin.plans.languages.${locale}`),
                  })}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Card>
  );
}
