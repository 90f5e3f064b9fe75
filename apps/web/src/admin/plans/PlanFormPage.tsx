import {
  CURRENCY,
  DESCRIPTION_MAX_LENGTH,
  PLAN_PRICE_MAX,
  PLAN_SORT_ORDER_MAX,
  PLAN_STORAGE_MAX_MB,
  PLAN_TRIAL_DAYS_MAX,
  planFeaturesProblem,
  type AdminPlan,
} from '@inkwell/contracts';
import {
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldErrors } from '../../api/client';
import { alert } from '../../lib/alerts';
import { ErrorAlert } from '../components/ErrorAlert';
import { BackButton } from '../components/ListControls';
import { usePlanForEdit, useSavePlan } from './api';
import { DeletePlan, FeaturesField, Preview } from './PlanFormParts';
import { EMPTY, TRANSLATED, bodyOf, valuesOf, type Values } from './planValues';
import { NotFound, isNotFound } from '../../components/NotFound';

export function PlanFormPage() {
  const { t } = useTranslation();
  const raw = useParams().id;
  const id = raw === undefined ? null : Number(raw);
  const plan = usePlanForEdit(id);

  return (
    <Stack gap="md">
      <BackButton to="/admin/plans" label={t('admin.plans.back')} />
      {id === null ? (
        <PlanEditor plan={null} />
      ) : (
        <>
          {isNotFound(plan.error) ? (
            <NotFound home="/admin/plans" headingOrder={2} />
          ) : (
            <ErrorAlert error={plan.error} />
          )}
          {plan.isPending && !plan.isError ? (
            <Center py="xl">
              <Loader aria-label={t('admin.common.loading')} />
            </Center>
          ) : plan.data ? (
            <PlanEditor key={plan.data.data.updated_at} plan={plan.data.data} />
          ) : null}
        </>
      )}
    </Stack>
  );
}

function PlanEditor({ plan }: { plan: AdminPlan | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePlan(plan?.id ?? null);

  /** The client's own check of the features JSON, in the words of the admin's language. */
  const featuresError = (text: string, required: boolean) => {
    if (!required && text.trim() === '') return null;
    const problem = planFeaturesProblem(text);
    if (problem === 'not_json') return t('admin.plans.features_not_json');
    if (problem === 'shape') return t('admin.plans.features_shape');
    return null;
  };
  const numberError = (value: number | string) => (value === '' ? t('admin.plans.enter_number') : null);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: plan ? valuesOf(plan) : EMPTY,
    validateInputOnBlur: true,
    validate: {
      features: (value) => featuresError(value, true),
      translations: {
        my: { features: (value) => featuresError(value, false) },
        th: { features: (value) => featuresError(value, false) },
      },
      monthly_price: numberError,
      yearly_price: numberError,
      trial_period_days: numberError,
      storage_quota_mb: numberError,
      sort_order: numberError,
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(bodyOf(values));
      alert('success', res.message);
      void navigate('/admin/plans');
    } catch (error) {
      form.setErrors(fieldErrors(error));
    }
  });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} fz="h3">
              {plan ? t('admin.plans.edit_title', { name: plan.name }) : t('admin.plans.add_title')}
            </Title>
            <ErrorAlert error={save.error} />

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

            <Card withBorder radius="md">
              <FeaturesField form={form} path="features" label={t('admin.plans.fields.features')} required />
            </Card>

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
                  label={t('admin.plans.fields.hidden')}
                  description={t('admin.plans.fields.hidden_hint')}
                  {...form.getInputProps('hidden', { type: 'checkbox' })}
                />
              </Stack>
            </Card>

            <Card withBorder radius="md">
              <Stack gap="sm">
                <Title order={3} fz="h5">
                  {t('admin.plans.sections.translations')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('admin.plans.translations_hint')}
                </Text>
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

            <Group>
              <Button type="submit" loading={save.isPending} mih={44}>
                {plan ? t('admin.plans.save') : t('admin.plans.add')}
              </Button>
              <Button component={Link} to="/admin/plans" variant="default" mih={44}>
                {t('actions.cancel')}
              </Button>
            </Group>

            {plan && <DeletePlan plan={plan} />}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Preview values={form.values} id={plan?.id ?? 0} />
      </Grid.Col>
    </Grid>
  );
}
