import { planFeaturesProblem, type AdminPlan } from '@inkwell/contracts';
import { Button, Card, Center, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldErrors } from '../../api/client';
import { alert } from '../../lib/alerts';
import { ErrorAlert } from '../components/ErrorAlert';
import { BackButton } from '../components/BackButton';
import { usePlanForEdit, useSavePlan } from './api';
import { DeletePlan, FeaturesField, Preview } from './PlanFormParts';
import { AccessSection, DetailsSection, PricesSection, TranslationsSection } from './PlanFormSections';
import { EMPTY, bodyOf, valuesOf, type Values } from './planValues';
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

            <DetailsSection form={form} />

            <PricesSection form={form} />

            <Card withBorder radius="md">
              <FeaturesField form={form} path="features" label={t('admin.plans.fields.features')} required />
            </Card>

            <AccessSection form={form} />

            <TranslationsSection form={form} />

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
